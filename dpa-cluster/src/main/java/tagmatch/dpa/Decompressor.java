package tagmatch.dpa;

import tagmatch.hdl.core.Bits;
import tagmatch.hdl.core.Bool;
import tagmatch.hdl.core.Module;
import tagmatch.hdl.core.UInt;

import static tagmatch.hdl.core.Hdl.*;

/**
 * The RV64C expander of the decode stage: a 16-bit instruction becomes the 32-bit instruction it
 * stands for (RISC-V unprivileged spec, chapter "C"); {@code illegal} marks the reserved and
 * floating-point encodings, which this integer-only core does not have.
 */
public final class Decompressor extends Module {
    final UInt in = input(UInt(16));
    final UInt out = output(UInt(32));
    final Bool illegal = output(Bool());

    public Decompressor() {
        UInt c = in;
        UInt op = c.bits(1, 0).named("op");
        UInt f3 = c.bits(15, 13).named("f3");
        UInt rdFull = c.bits(11, 7).named("rd_full");
        UInt rs2Full = c.bits(6, 2).named("rs2_full");
        UInt rdP = cat(lit(1, 2), c.bits(4, 2)).named("rd_p");      // x8..x15
        UInt rs1P = cat(lit(1, 2), c.bits(9, 7)).named("rs1_p");
        UInt x0 = lit(0, 5), x1 = lit(1, 5), x2 = lit(2, 5);
        UInt imm6 = sext(cat(c.bit(12), c.bits(6, 2)), 12).named("imm6");
        UInt shamt = cat(c.bit(12), c.bits(6, 2)).named("shamt");

        UInt lwImm = cat(c.bit(5), c.bits(12, 10), c.bit(6), lit(0, 2)).pad(12).named("lw_imm");
        UInt ldImm = cat(c.bits(6, 5), c.bits(12, 10), lit(0, 3)).pad(12).named("ld_imm");

        out.set(0);
        illegal.set(1);
        Runnable ok = () -> illegal.set(0);

        switchOn(cat(op, f3))
            // quadrant 0
            .is(0b00_000, () -> {   // c.addi4spn
                UInt nz = cat(c.bits(10, 7), c.bits(12, 11), c.bit(5), c.bit(6), lit(0, 2)).pad(12);
                out.set(iType(nz, x2, 0, rdP, 0x13));
                when(c.bits(12, 5).orR(), ok);
            })
            .is(0b00_010, () -> { out.set(iType(lwImm, rs1P, 2, rdP, 0x03)); ok.run(); })
            .is(0b00_011, () -> { out.set(iType(ldImm, rs1P, 3, rdP, 0x03)); ok.run(); })
            .is(0b00_110, () -> { out.set(sType(lwImm, rdP, rs1P, 2, 0x23)); ok.run(); })
            .is(0b00_111, () -> { out.set(sType(ldImm, rdP, rs1P, 3, 0x23)); ok.run(); })
            // quadrant 1
            .is(0b01_000, () -> { out.set(iType(imm6, rdFull, 0, rdFull, 0x13)); ok.run(); })
            .is(0b01_001, () -> {   // c.addiw
                out.set(iType(imm6, rdFull, 0, rdFull, 0x1B));
                when(rdFull.ne(0), ok);
            })
            .is(0b01_010, () -> { out.set(iType(imm6, x0, 0, rdFull, 0x13)); ok.run(); })
            .is(0b01_011, () -> {
                when(rdFull.eq(2), () -> {   // c.addi16sp
                    UInt nz = sext(cat(c.bit(12), c.bits(4, 3), c.bit(5), c.bit(2), c.bit(6), lit(0, 4)), 12);
                    out.set(iType(nz, x2, 0, x2, 0x13));
                }).otherwise(() ->           // c.lui
                    out.set(cat(sext(cat(c.bit(12), c.bits(6, 2)), 20), rdFull, lit(0x37, 7))));
                when(cat(c.bit(12), c.bits(6, 2)).orR(), ok);
            })
            .is(0b01_100, () -> {
                UInt f2 = c.bits(11, 10);
                switchOn(f2)
                    .is(0, () -> { out.set(cat(lit(0, 6), shamt, rs1P, lit(5, 3), rs1P, lit(0x13, 7))); ok.run(); })
                    .is(1, () -> { out.set(cat(lit(0x10, 6), shamt, rs1P, lit(5, 3), rs1P, lit(0x13, 7))); ok.run(); })
                    .is(2, () -> { out.set(iType(imm6, rs1P, 7, rs1P, 0x13)); ok.run(); })
                    .is(3, () -> {
                        UInt sel = cat(c.bit(12), c.bits(6, 5));
                        UInt rs2P = rdP;
                        switchOn(sel)
                            .is(0b000, () -> { out.set(rType(0x20, rs2P, rs1P, 0, rs1P, 0x33)); ok.run(); })
                            .is(0b001, () -> { out.set(rType(0, rs2P, rs1P, 4, rs1P, 0x33)); ok.run(); })
                            .is(0b010, () -> { out.set(rType(0, rs2P, rs1P, 6, rs1P, 0x33)); ok.run(); })
                            .is(0b011, () -> { out.set(rType(0, rs2P, rs1P, 7, rs1P, 0x33)); ok.run(); })
                            .is(0b100, () -> { out.set(rType(0x20, rs2P, rs1P, 0, rs1P, 0x3B)); ok.run(); })
                            .is(0b101, () -> { out.set(rType(0, rs2P, rs1P, 0, rs1P, 0x3B)); ok.run(); });
                    });
            })
            .is(0b01_101, () -> {   // c.j
                UInt off = cat(c.bit(12), c.bit(8), c.bits(10, 9), c.bit(6), c.bit(7), c.bit(2), c.bit(11), c.bits(5, 3));
                out.set(jType(sext(off, 20), x0));
                ok.run();
            })
            .is(0b01_110, () -> { out.set(bType(bOff(c), x0, rs1P, 0)); ok.run(); })
            .is(0b01_111, () -> { out.set(bType(bOff(c), x0, rs1P, 1)); ok.run(); })
            // quadrant 2
            .is(0b10_000, () -> { out.set(cat(lit(0, 6), shamt, rdFull, lit(1, 3), rdFull, lit(0x13, 7))); ok.run(); })
            .is(0b10_010, () -> {   // c.lwsp
                UInt imm = cat(c.bits(3, 2), c.bit(12), c.bits(6, 4), lit(0, 2)).pad(12);
                out.set(iType(imm, x2, 2, rdFull, 0x03));
                when(rdFull.ne(0), ok);
            })
            .is(0b10_011, () -> {   // c.ldsp
                UInt imm = cat(c.bits(4, 2), c.bit(12), c.bits(6, 5), lit(0, 3)).pad(12);
                out.set(iType(imm, x2, 3, rdFull, 0x03));
                when(rdFull.ne(0), ok);
            })
            .is(0b10_100, () -> {
                Bool rs2Zero = rs2Full.eq(0);
                Bool rdZero = rdFull.eq(0);
                when(c.bit(12).not(), () -> {
                    when(rs2Zero, () -> {   // c.jr
                        out.set(iType(lit(0, 12), rdFull, 0, x0, 0x67));
                        when(rdZero.not(), ok);
                    }).otherwise(() -> { out.set(rType(0, rs2Full, x0, 0, rdFull, 0x33)); ok.run(); });   // c.mv
                }).otherwise(() -> {
                    when(rs2Zero.and(rdZero), () -> { out.set(0x00100073L); ok.run(); })                  // c.ebreak
                        .elseWhen(rs2Zero, () -> { out.set(iType(lit(0, 12), rdFull, 0, x1, 0x67)); ok.run(); })   // c.jalr
                        .otherwise(() -> { out.set(rType(0, rs2Full, rdFull, 0, rdFull, 0x33)); ok.run(); });     // c.add
                });
            })
            .is(0b10_110, () -> {   // c.swsp
                UInt imm = cat(c.bits(8, 7), c.bits(12, 9), lit(0, 2)).pad(12);
                out.set(sType(imm, rs2Full, x2, 2, 0x23));
                ok.run();
            })
            .is(0b10_111, () -> {   // c.sdsp
                UInt imm = cat(c.bits(9, 7), c.bits(12, 10), lit(0, 3)).pad(12);
                out.set(sType(imm, rs2Full, x2, 3, 0x23));
                ok.run();
            });
        // the all-zero halfword is defined to be illegal (it is c.addi4spn with a zero immediate)
    }

    /** The branch offset's bits 12..1 (bit 0 is always 0). */
    private static UInt bOff(UInt c) {
        return sext(cat(c.bit(12), c.bits(6, 5), c.bit(2), c.bits(11, 10), c.bits(4, 3)), 12);
    }

    /** Sign-extends {@code v} to {@code width} bits. */
    static UInt sext(Bits v, int width) {
        return v.asSInt().pad(width).asUInt();
    }

    static UInt iType(UInt imm12, UInt rs1, int f3, UInt rd, int opcode) {
        return cat(imm12.bits(11, 0), rs1, lit(f3, 3), rd, lit(opcode, 7));
    }

    static UInt sType(UInt imm12, UInt rs2, UInt rs1, int f3, int opcode) {
        return cat(imm12.bits(11, 5), rs2, rs1, lit(f3, 3), imm12.bits(4, 0), lit(opcode, 7));
    }

    static UInt rType(int f7, UInt rs2, UInt rs1, int f3, UInt rd, int opcode) {
        return cat(lit(f7, 7), rs2, rs1, lit(f3, 3), rd, lit(opcode, 7));
    }

    /** A branch; {@code off} holds offset bits 12..1 in its bits 11..0. */
    static UInt bType(UInt off, UInt rs2, UInt rs1, int f3) {
        return cat(off.bit(11), off.bits(9, 4), rs2, rs1, lit(f3, 3), off.bits(3, 0), off.bit(10), lit(0x63, 7));
    }

    /** A jal; {@code off} holds offset bits 20..1 in its bits 19..0. */
    static UInt jType(UInt off, UInt rd) {
        return cat(off.bit(19), off.bits(9, 0), off.bit(10), off.bits(18, 11), rd, lit(0x6F, 7));
    }
}

package tagmatch.dpa;

import tagmatch.hdl.core.Bool;
import tagmatch.hdl.core.HwEnum;
import tagmatch.hdl.core.UInt;

import java.math.BigInteger;

import static tagmatch.dpa.Decompressor.sext;
import static tagmatch.hdl.core.Hdl.*;

/**
 * The combinational half of the execute stage, described into the core being elaborated: the
 * decode of a 32-bit RV64IMA + Zicsr instruction, its legality, the ALU, the multiplier, branch
 * and jump targets, and the description of its memory access. What needs state (the divider,
 * the CSR values, the memory banks) is the core's.
 */
final class Execute {
    final Bool legal = wire("x_known", Bool());
    final Bool writesRd = wire("x_writes_rd", Bool());
    final UInt value = wire("x_alu_value", UInt(64));
    final UInt target = wire("x_target", UInt(64));
    final Bool isMem = wire("x_is_mem", Bool());
    final HwEnum<MemOp> memOp = wire("x_mem_op", Enum(MemOp.class));
    final UInt memSize;
    final Bool memUnsigned;
    final UInt memAddr = wire("x_mem_addr", UInt(64));
    final Bool misaligned;
    final Bool isDiv = wire("x_is_div", Bool());
    final Bool word;
    final Bool isCsr = wire("x_is_csr", Bool());
    final Bool ecall = wire("x_ecall", Bool());
    final Bool ebreak = wire("x_ebreak", Bool());
    final Bool wfi = wire("x_wfi", Bool());
    final Bool pause = wire("x_pause", Bool());
    /** Zawrs wrs.nto: wait while the hart's reservation is valid. */
    final Bool waitReserved = wire("x_wrs_nto", Bool());

    Execute(UInt inst, UInt pc, Bool compressed, UInt a, UInt b) {
        UInt opc = inst.bits(6, 0).named("opcode");
        UInt f3 = inst.bits(14, 12).named("funct3");
        UInt f7 = inst.bits(31, 25).named("funct7");
        UInt rs1f = inst.bits(19, 15);
        UInt rs2f = inst.bits(24, 20);
        UInt immI = sext(inst.bits(31, 20), 64).named("imm_i");
        UInt immS = sext(cat(inst.bits(31, 25), inst.bits(11, 7)), 64).named("imm_s");
        UInt immB = sext(cat(inst.bit(31), inst.bit(7), inst.bits(30, 25), inst.bits(11, 8), lit(0, 1)), 64).named("imm_b");
        UInt immU = sext(cat(inst.bits(31, 12), lit(0, 12)), 64).named("imm_u");
        UInt immJ = sext(cat(inst.bit(31), inst.bits(19, 12), inst.bit(20), inst.bits(30, 21), lit(0, 1)), 64).named("imm_j");
        UInt next = pc.add(mux(compressed, lit(2, 3), lit(4, 3))).named("pc_next");

        Bool isOp = opc.eq(Rv64.OP).or(opc.eq(Rv64.OP_32)).named("is_op");
        word = opc.eq(Rv64.OP_IMM_32).or(opc.eq(Rv64.OP_32)).named("is_word");
        UInt src2 = mux(isOp, b, immI).named("src2");
        Bool sub = isOp.and(inst.bit(30)).and(f3.eq(0)).named("is_sub");
        Bool arith = inst.bit(30).named("is_arith");

        // 64-bit ALU
        UInt sh6 = src2.bits(5, 0).named("sh6");
        UInt srl = a.shr(sh6).named("srl");
        UInt sra = srl.or(mux(a.msb(), ones(64).shr(sh6).not(), lit(0, 64))).named("sra");
        UInt alu = wire("alu", UInt(64));
        alu.set(mux(sub, a.sub(src2), a.add(src2)));
        switchOn(f3)
            .is(1, () -> alu.set(shiftLeft(a, sh6)))
            .is(2, () -> alu.set(a.asSInt().lt(src2.asSInt()).pad(64)))
            .is(3, () -> alu.set(a.lt(src2).pad(64)))
            .is(4, () -> alu.set(a.xor(src2)))
            .is(5, () -> alu.set(mux(arith, sra, srl)))
            .is(6, () -> alu.set(a.or(src2)))
            .is(7, () -> alu.set(a.and(src2)));
        // 32-bit ALU of the W forms
        UInt a32 = a.bits(31, 0).named("a32");
        UInt sh5 = src2.bits(4, 0).named("sh5");
        UInt srlw = a32.shr(sh5).named("srlw");
        UInt aluW = wire("alu_w", UInt(32));
        aluW.set(mux(sub, a32.sub(src2.bits(31, 0)), a32.add(src2.bits(31, 0))));
        when(f3.eq(1), () -> aluW.set(shiftLeft(a32, sh5)))
            .elseWhen(f3.eq(5), () -> aluW.set(mux(arith, srlw.or(mux(a32.msb(), ones(32).shr(sh5).not(), lit(0, 32))), srlw)));

        // one unsigned 64 x 64 product, from four 32 x 32 partial products: a simulator computes each in one
        // machine multiply, where a 128-bit product takes a loop over 32-bit limbs every cycle. A signed
        // operand's high half is corrected by subtracting the other operand when it is negative (mulh: both,
        // mulhsu: rs1's)
        UInt aLo = a.bits(31, 0), aHi = a.bits(63, 32), bLo = b.bits(31, 0), bHi = b.bits(63, 32);
        UInt ll = aLo.mul(bLo).named("mul_ll");
        UInt lh = aLo.mul(bHi).named("mul_lh");
        UInt hl = aHi.mul(bLo).named("mul_hl");
        UInt hh = aHi.mul(bHi).named("mul_hh");
        UInt mid = ll.bits(63, 32).pad(34).add(lh.bits(31, 0).pad(34)).add(hl.bits(31, 0).pad(34)).named("mul_mid");
        UInt productLo = cat(mid.bits(31, 0), ll.bits(31, 0)).named("mul_lo");
        UInt productHi = hh.add(lh.bits(63, 32).pad(64)).add(hl.bits(63, 32).pad(64)).add(mid.bits(33, 32).pad(64)).named("mul_hi");
        Bool signA = f3.eq(1).or(f3.eq(2)).and(a.msb()).named("mul_neg_a");
        Bool signB = f3.eq(1).and(b.msb()).named("mul_neg_b");
        UInt high = productHi.sub(mux(signA, b, lit(0, 64))).sub(mux(signB, a, lit(0, 64))).named("mul_high");
        UInt mulValue = mux(f3.eq(0), productLo, high).named("mul_value");

        Bool eq = a.eq(b).named("eq");
        Bool lt = a.asSInt().lt(b.asSInt()).named("lt");
        Bool ltu = a.lt(b).named("ltu");

        Bool taken = wire("taken", Bool());
        taken.set(0);
        legal.set(0);
        writesRd.set(0);
        value.set(0);
        target.set(next);
        isMem.set(0);
        memOp.set(MemOp.LOAD);
        memAddr.set(a.add(immI));
        isDiv.set(0);
        isCsr.set(0);
        ecall.set(0);
        ebreak.set(0);
        wfi.set(0);
        pause.set(0);
        waitReserved.set(0);
        Runnable ok = () -> legal.set(1);
        Bool mExt = f7.eq(Rv64.MULDIV).named("is_m");

        switchOn(opc)
            .is(Rv64.LUI, () -> { ok.run(); writesRd.set(1); value.set(immU); })
            .is(Rv64.AUIPC, () -> { ok.run(); writesRd.set(1); value.set(pc.add(immU)); })
            .is(Rv64.JAL, () -> { ok.run(); writesRd.set(1); value.set(next); target.set(pc.add(immJ)); })
            .is(Rv64.JALR, () -> {
                when(f3.eq(0), ok);
                writesRd.set(1);
                value.set(next);
                target.set(a.add(immI).and(ones(64).xor(lit(1, 64))));
            })
            .is(Rv64.BRANCH, () -> {
                ok.run();
                switchOn(f3)
                    .is(0, () -> taken.set(eq))
                    .is(1, () -> taken.set(eq.not()))
                    .is(4, () -> taken.set(lt))
                    .is(5, () -> taken.set(lt.not()))
                    .is(6, () -> taken.set(ltu))
                    .is(7, () -> taken.set(ltu.not()))
                    .otherwise(() -> legal.set(0));
                when(taken, () -> target.set(pc.add(immB)));
            })
            .is(Rv64.LOAD, () -> {
                when(f3.ne(7), ok);
                writesRd.set(1);
                isMem.set(1);
            })
            .is(Rv64.STORE, () -> {
                when(f3.bit(2).not(), ok);
                isMem.set(1);
                memOp.set(MemOp.STORE);
                memAddr.set(a.add(immS));
            })
            .is(Rv64.AMO, () -> {
                UInt f5 = inst.bits(31, 27);
                writesRd.set(1);
                isMem.set(1);
                memOp.set(MemOp.AMO);
                memAddr.set(a);
                Bool width = f3.eq(2).or(f3.eq(3));
                when(f5.eq(2), () -> { memOp.set(MemOp.LR); when(width.and(rs2f.eq(0)), ok); })
                    .elseWhen(f5.eq(3), () -> { memOp.set(MemOp.SC); when(width, ok); })
                    .elseWhen(f5.eq(0).or(f5.eq(1)).or(f5.eq(4)).or(f5.eq(8)).or(f5.eq(12))
                            .or(f5.eq(16)).or(f5.eq(20)).or(f5.eq(24)).or(f5.eq(28)), () -> when(width, ok));
            })
            .is(Rv64.OP_IMM, () -> {
                writesRd.set(1);
                value.set(alu);
                UInt top = inst.bits(31, 26);
                when(f3.eq(1), () -> when(top.eq(0), ok))
                    .elseWhen(f3.eq(5), () -> when(top.eq(0).or(top.eq(0x10)), ok))
                    .otherwise(ok);
            })
            .is(Rv64.OP, () -> {
                writesRd.set(1);
                value.set(alu);
                when(f7.eq(0), ok)
                    .elseWhen(f7.eq(Rv64.ALT), () -> when(f3.eq(0).or(f3.eq(5)), ok))
                    .elseWhen(mExt, () -> {
                        ok.run();
                        value.set(mulValue);
                        isDiv.set(f3.bit(2));
                    });
            })
            .is(Rv64.OP_IMM_32, () -> {
                writesRd.set(1);
                value.set(sext(aluW, 64));
                when(f3.eq(0), ok)
                    .elseWhen(f3.eq(1), () -> when(f7.eq(0), ok))
                    .elseWhen(f3.eq(5), () -> when(f7.eq(0).or(f7.eq(Rv64.ALT)), ok));
            })
            .is(Rv64.OP_32, () -> {
                writesRd.set(1);
                value.set(sext(aluW, 64));
                when(f7.eq(0), () -> when(f3.eq(0).or(f3.eq(1)).or(f3.eq(5)), ok))
                    .elseWhen(f7.eq(Rv64.ALT), () -> when(f3.eq(0).or(f3.eq(5)), ok))
                    .elseWhen(mExt, () -> {
                        when(f3.eq(0).or(f3.bit(2)), ok);
                        value.set(sext(ll.bits(31, 0), 64));
                        isDiv.set(f3.bit(2));
                    });
            })
            // fence, fence.i: in order, one access at a time; Zihintpause's pause is the fence w,0
            .is(Rv64.MISC_MEM, () -> when(f3.eq(0).or(f3.eq(1)), () -> {
                ok.run();
                when(inst.eq(lit(Rv64.PAUSE, 32)), () -> pause.set(1));
            }))
            .is(Rv64.SYSTEM, () -> {
                when(f3.eq(0), () -> {
                    when(inst.eq(lit(Rv64.ECALL, 32)), () -> { ok.run(); ecall.set(1); })
                        .elseWhen(inst.eq(lit(Rv64.EBREAK, 32)), () -> { ok.run(); ebreak.set(1); })
                        .elseWhen(inst.eq(lit(Rv64.WFI, 32)), () -> { ok.run(); wfi.set(1); })
                        .elseWhen(inst.eq(lit(Rv64.WRS_NTO, 32)), () -> { ok.run(); waitReserved.set(1); })
                        // wrs.sto: a short wait, as long as a pause (an early end is legal)
                        .elseWhen(inst.eq(lit(Rv64.WRS_STO, 32)), () -> { ok.run(); pause.set(1); });
                }).elseWhen(f3.ne(4), () -> {
                    // counters are read-only here: csrrw/csrrwi, or a set/clear with a nonzero source, is illegal
                    Bool writes = f3.bits(1, 0).eq(1).or(rs1f.ne(0));
                    when(writes.not(), ok);
                    isCsr.set(1);
                    writesRd.set(1);
                });
            });

        memSize = f3.bits(1, 0).named("mem_size");
        memUnsigned = f3.bit(2).named("mem_unsigned");
        UInt low = memAddr.bits(2, 0);
        misaligned = wire("x_misaligned", Bool());
        misaligned.set(0);
        switchOn(memSize)
            .is(1, () -> misaligned.set(low.bit(0)))
            .is(2, () -> misaligned.set(low.bits(1, 0).orR()))
            .is(3, () -> misaligned.set(low.orR()));
    }

    /** {@code x << amount} in {@code x}'s width: a barrel of constant shifts, so no bit is computed to be dropped. */
    static UInt shiftLeft(UInt x, UInt amount) {
        int w = x.width();
        UInt r = x;
        for (int i = 0; i < amount.width() && (1 << i) < w; i++) {
            int k = 1 << i;
            r = mux(amount.bit(i), cat(r.bits(w - 1 - k, 0), lit(0, k)), r);
        }
        return r;
    }

    static UInt ones(int width) {
        return UInt.lit(BigInteger.ONE.shiftLeft(width).subtract(BigInteger.ONE), width);
    }
}

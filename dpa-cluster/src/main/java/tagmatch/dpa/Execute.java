package tagmatch.dpa;

import tagmatch.dpa.DecodeTable.Alu;
import tagmatch.dpa.DecodeTable.Branch;
import tagmatch.dpa.DecodeTable.Flow;
import tagmatch.dpa.DecodeTable.Size;
import tagmatch.dpa.DecodeTable.Special;
import tagmatch.dpa.DecodeTable.Writeback;
import tagmatch.hdl.core.Bool;
import tagmatch.hdl.core.HwEnum;
import tagmatch.hdl.core.UInt;

import java.math.BigInteger;

import static tagmatch.dpa.Decompressor.sext;
import static tagmatch.hdl.core.Hdl.*;

/**
 * The combinational half of the execute stage, described into the core being elaborated: the
 * ALU, the multiplier, branch and jump targets, and the description of its memory access, steered
 * by the controls {@link DecodeTable} gives the instruction (decoded in the decode stage); the
 * instruction's bits give only the immediates. What needs state (the divider, the CSR values, the
 * memory) is the core's.
 */
final class Execute {
    final Bool legal;
    final Bool writesRd;
    final UInt value = wire("x_alu_value", UInt(64));
    final UInt target = wire("x_target", UInt(64));
    final Bool isMem;
    final HwEnum<MemOp> memOp = wire("x_mem_op", Enum(MemOp.class));
    final UInt memSize;
    final Bool memUnsigned;
    final UInt memAddr = wire("x_mem_addr", UInt(64));
    final Bool misaligned = wire("x_misaligned", Bool());
    final Bool isDiv;
    final Bool word;
    final Bool isCsr;
    final Bool ecall;
    final Bool ebreak;
    final Bool wfi;
    final Bool pause;
    /**
     * A fence that orders earlier stores before later loads or device accesses (its predecessor set has W, its
     * successor set R, I or O): it waits for the thread's store buffer to drain. The buffer is first in, first out
     * and a thread has one access in flight, so a fence that orders stores only before stores ({@code fence rw,w},
     * a release) or loads before loads ({@code fence r,r}) has nothing to wait for; a pause orders nothing.
     */
    final Bool fence;
    /** Zawrs wrs.nto: wait while the hart's reservation is valid. */
    final Bool waitReserved;

    /**
     * An instruction's bits 31..7 (register numbers, function codes, immediates), read at their places in the
     * instruction; the opcode below them is decoded already, so no stage after decode holds it.
     */
    record Fields(UInt above7) {
        UInt bits(int high, int low) {
            return above7.bits(high - 7, low - 7);
        }

        Bool bit(int i) {
            return above7.bit(i - 7);
        }
    }

    Execute(Decoder dec, Fields inst, UInt pc, Bool compressed, UInt a, UInt b) {
        UInt f3 = inst.bits(14, 12).named("funct3");
        UInt immI = sext(inst.bits(31, 20), 64).named("imm_i");
        UInt immS = sext(cat(inst.bits(31, 25), inst.bits(11, 7)), 64).named("imm_s");
        UInt immB = sext(cat(inst.bit(31), inst.bit(7), inst.bits(30, 25), inst.bits(11, 8), lit(0, 1)), 64).named("imm_b");
        UInt immU = sext(cat(inst.bits(31, 12), lit(0, 12)), 64).named("imm_u");
        UInt immJ = sext(cat(inst.bit(31), inst.bits(19, 12), inst.bit(20), inst.bits(30, 21), lit(0, 1)), 64).named("imm_j");
        UInt next = pc.add(mux(compressed, lit(2, 3), lit(4, 3))).named("pc_next");

        legal = dec.legal;
        writesRd = dec.writeback.get(Writeback.NONE).not().and(legal).named("x_writes_rd");
        isMem = dec.isMem().named("x_is_mem");
        isDiv = dec.writeback.get(Writeback.DIV);
        isCsr = dec.writeback.get(Writeback.CSR);
        ecall = dec.special.get(Special.ECALL);
        ebreak = dec.special.get(Special.EBREAK);
        wfi = dec.special.get(Special.WFI);
        pause = dec.special.get(Special.PAUSE);
        Bool drains = inst.bit(24).and(inst.bit(21).or(inst.bit(22)).or(inst.bit(23))).named("x_fence_orders_stores");
        fence = dec.special.get(Special.FENCE).and(drains).named("x_fence");
        waitReserved = dec.special.get(Special.WRS_NTO);

        word = dec.word;
        UInt src2 = mux(dec.rs2, b, immI).named("src2");
        UInt alu = alu(a, src2, dec);
        UInt aluW = aluW(a, src2, dec);
        Multiplier mul = new Multiplier(a, b, f3);

        value.set(0);
        when(dec.writeback.get(Writeback.ALU), () -> value.set(alu))
            .elseWhen(dec.writeback.get(Writeback.ALU_W), () -> value.set(sext(aluW, 64)))
            .elseWhen(dec.writeback.get(Writeback.MUL), () -> value.set(mul.value))
            .elseWhen(dec.writeback.get(Writeback.MUL_W), () -> value.set(sext(mul.low32, 64)))
            .elseWhen(dec.writeback.get(Writeback.IMM_U), () -> value.set(immU))
            .elseWhen(dec.writeback.get(Writeback.PC_IMM_U), () -> value.set(pc.add(immU)))
            .elseWhen(dec.writeback.get(Writeback.LINK), () -> value.set(next));

        Bool eq = a.eq(b).named("eq");
        Bool lt = a.asSInt().lt(b.asSInt()).named("lt");
        Bool ltu = a.lt(b).named("ltu");
        Bool taken = dec.branch.get(Branch.EQ).and(eq).or(dec.branch.get(Branch.NE).and(eq.not()))
                .or(dec.branch.get(Branch.LT).and(lt)).or(dec.branch.get(Branch.GE).and(lt.not()))
                .or(dec.branch.get(Branch.LTU).and(ltu)).or(dec.branch.get(Branch.GEU).and(ltu.not())).named("taken");
        target.set(next);
        when(dec.flow.get(Flow.JAL), () -> target.set(pc.add(immJ)))
            .elseWhen(dec.flow.get(Flow.JALR), () -> target.set(a.add(immI).and(ones(64).xor(lit(1, 64)))))
            .elseWhen(dec.flow.get(Flow.BRANCH).and(taken), () -> target.set(pc.add(immB)));

        memOp.set(MemOp.LOAD);
        for (MemOp m : new MemOp[] {MemOp.STORE, MemOp.AMO, MemOp.LR, MemOp.SC}) when(dec.mem.get(m), () -> memOp.set(m));
        memAddr.set(a.add(immI));
        when(dec.mem.get(MemOp.STORE), () -> memAddr.set(a.add(immS)))
            .elseWhen(dec.mem.get(MemOp.AMO).or(dec.mem.get(MemOp.LR)).or(dec.mem.get(MemOp.SC)), () -> memAddr.set(a));
        // the request's size field is log2 of the bytes: B 0, H 1, W 2, D 3
        Bool sizeD = dec.size.get(Size.D);
        memSize = cat(dec.size.get(Size.W).or(sizeD), dec.size.get(Size.H).or(sizeD)).named("mem_size");
        memUnsigned = dec.unsigned;
        UInt low = memAddr.bits(2, 0);
        misaligned.set(0);
        switchOn(memSize)
            .is(1, () -> misaligned.set(low.bit(0)))
            .is(2, () -> misaligned.set(low.bits(1, 0).orR()))
            .is(3, () -> misaligned.set(low.orR()));
    }

    /** The 64-bit ALU of OP and OP-IMM, by the decoded operation (an add when there is none). */
    private static UInt alu(UInt a, UInt src2, Decoder dec) {
        UInt sh6 = src2.bits(5, 0).named("sh6");
        UInt srl = a.shr(sh6).named("srl");
        UInt sra = srl.or(mux(a.msb(), ones(64).shr(sh6).not(), lit(0, 64))).named("sra");
        UInt alu = wire("alu", UInt(64));
        alu.set(a.add(src2));
        when(dec.alu.get(Alu.SUB), () -> alu.set(a.sub(src2)))
            .elseWhen(dec.alu.get(Alu.SLL), () -> alu.set(shiftLeft(a, sh6)))
            .elseWhen(dec.alu.get(Alu.SLT), () -> alu.set(a.asSInt().lt(src2.asSInt()).pad(64)))
            .elseWhen(dec.alu.get(Alu.SLTU), () -> alu.set(a.lt(src2).pad(64)))
            .elseWhen(dec.alu.get(Alu.XOR), () -> alu.set(a.xor(src2)))
            .elseWhen(dec.alu.get(Alu.SRL), () -> alu.set(srl))
            .elseWhen(dec.alu.get(Alu.SRA), () -> alu.set(sra))
            .elseWhen(dec.alu.get(Alu.OR), () -> alu.set(a.or(src2)))
            .elseWhen(dec.alu.get(Alu.AND), () -> alu.set(a.and(src2)));
        return alu;
    }

    /** The 32-bit ALU of the W forms (its result is sign-extended by the writeback). */
    private static UInt aluW(UInt a, UInt src2, Decoder dec) {
        UInt a32 = a.bits(31, 0).named("a32");
        UInt sh5 = src2.bits(4, 0).named("sh5");
        UInt srlw = a32.shr(sh5).named("srlw");
        UInt aluW = wire("alu_w", UInt(32));
        aluW.set(a32.add(src2.bits(31, 0)));
        when(dec.alu.get(Alu.SUB), () -> aluW.set(a32.sub(src2.bits(31, 0))))
            .elseWhen(dec.alu.get(Alu.SLL), () -> aluW.set(shiftLeft(a32, sh5)))
            .elseWhen(dec.alu.get(Alu.SRL), () -> aluW.set(srlw))
            .elseWhen(dec.alu.get(Alu.SRA), () -> aluW.set(srlw.or(mux(a32.msb(), ones(32).shr(sh5).not(), lit(0, 32)))));
        return aluW;
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

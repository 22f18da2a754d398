package tagmatch.dpa;

import java.util.ArrayList;
import java.util.List;

import static tagmatch.dpa.Rv64.*;

/**
 * Every instruction the core executes (RV64IMA, Zicsr's reads, fence, the system and hint
 * instructions), one row each: its bit pattern (the bits under {@code mask} equal {@code match},
 * as the spec's opcode tables give them) and what the datapath does with it. Sodor's and
 * VexRiscv's decoders read the same way; {@link Decoder} turns the table into hardware. An
 * instruction no row matches is illegal.
 */
final class DecodeTable {
    private DecodeTable() {}

    /** Where the value written to {@code rd} comes from (NONE: no register write). */
    enum Writeback { NONE, ALU, ALU_W, MUL, MUL_W, IMM_U, PC_IMM_U, LINK, MEM, DIV, CSR }

    /** What decides the next pc. */
    enum Flow { NEXT, BRANCH, JAL, JALR }

    /** Instructions that act on the hart rather than on registers. */
    enum Special { NONE, ECALL, EBREAK, WFI, PAUSE, WRS_NTO, FENCE }

    /** What the ALU computes, for the ALU and ALU_W writebacks (the W forms know ADD, SUB, SLL, SRL and SRA). */
    enum Alu { ADD, SUB, SLL, SLT, SLTU, XOR, SRL, SRA, OR, AND }

    /** When a branch is taken, comparing rs1 with rs2. */
    enum Branch { EQ, NE, LT, GE, LTU, GEU }

    /** How many bytes a memory access reads or writes: 1, 2, 4 or 8, the value of the request's size field. */
    enum Size { B, H, W, D }

    /**
     * One instruction: its pattern and its controls. {@code alu}, {@code branch} and {@code size}
     * are null where they do not apply ({@code mem} null: no memory access); {@code rs2}: the
     * second operand is rs2, not the I immediate (OP and OP-32); {@code word}: a W form (OP-32 and
     * OP-IMM-32); {@code unsigned}: a load that zero-extends.
     */
    record Row(String name, long mask, long match, Writeback wb, MemOp mem, Flow flow, Special special, Alu alu, boolean rs2,
               boolean word, Branch branch, Size size, boolean unsigned) {}

    private static final long OPCODE = 0x7F, F3 = 0x7000, F7 = 0xFE000000L, TOP6 = 0xFC000000L, F5 = 0xF8000000L, RS1 = 0xF8000,
            RS2 = 0x1F00000, ALL = 0xFFFFFFFFL;

    static final List<Row> ROWS = rows();

    private static List<Row> rows() {
        List<Row> t = new ArrayList<>();
        t.add(row("lui", OPCODE, LUI, Writeback.IMM_U));
        t.add(row("auipc", OPCODE, AUIPC, Writeback.PC_IMM_U));
        t.add(row("jal", OPCODE, JAL, Writeback.LINK, null, Flow.JAL, Special.NONE, null, null, null, false));
        t.add(row("jalr", OPCODE | F3, JALR, Writeback.LINK, null, Flow.JALR, Special.NONE, null, null, null, false));
        String[] branches = {"beq", "bne", "", "", "blt", "bge", "bltu", "bgeu"};
        Branch[] conditions = {Branch.EQ, Branch.NE, null, null, Branch.LT, Branch.GE, Branch.LTU, Branch.GEU};
        for (int f3 : new int[] {BEQ, BNE, BLT, BGE, BLTU, BGEU})
            t.add(row(branches[f3], OPCODE | F3, f3(BRANCH, f3), Writeback.NONE, null, Flow.BRANCH, Special.NONE, null, conditions[f3],
                    null, false));
        String[] loads = {"lb", "lh", "lw", "ld", "lbu", "lhu", "lwu"};
        Size[] loadSizes = {Size.B, Size.H, Size.W, Size.D, Size.B, Size.H, Size.W};
        for (int f3 = 0; f3 < loads.length; f3++)
            t.add(mem(loads[f3], OPCODE | F3, f3(Rv64.LOAD, f3), Writeback.MEM, MemOp.LOAD, loadSizes[f3], loads[f3].endsWith("u")));
        String[] stores = {"sb", "sh", "sw", "sd"};
        Size[] storeSizes = {Size.B, Size.H, Size.W, Size.D};
        for (int f3 = 0; f3 < stores.length; f3++)
            t.add(mem(stores[f3], OPCODE | F3, f3(Rv64.STORE, f3), Writeback.NONE, MemOp.STORE, storeSizes[f3], false));

        String[] opImm = {"addi", "", "slti", "sltiu", "xori", "", "ori", "andi"};
        Alu[] byF3 = {Alu.ADD, Alu.SLL, Alu.SLT, Alu.SLTU, Alu.XOR, Alu.SRL, Alu.OR, Alu.AND};
        for (int f3 : new int[] {ADD_SUB, SLT, SLTU, XOR, OR, AND})
            t.add(alu(opImm[f3], OPCODE | F3, f3(OP_IMM, f3), Writeback.ALU, byF3[f3]));
        t.add(alu("slli", OPCODE | F3 | TOP6, f7(OP_IMM, SLL, BASE), Writeback.ALU, Alu.SLL));
        t.add(alu("srli", OPCODE | F3 | TOP6, f7(OP_IMM, SRL_SRA, BASE), Writeback.ALU, Alu.SRL));
        t.add(alu("srai", OPCODE | F3 | TOP6, f7(OP_IMM, SRL_SRA, ALT), Writeback.ALU, Alu.SRA));
        String[] op = {"add", "sll", "slt", "sltu", "xor", "srl", "or", "and"};
        for (int f3 = 0; f3 < 8; f3++) t.add(alu(op[f3], OPCODE | F3 | F7, f7(OP, f3, BASE), Writeback.ALU, byF3[f3]));
        t.add(alu("sub", OPCODE | F3 | F7, f7(OP, ADD_SUB, ALT), Writeback.ALU, Alu.SUB));
        t.add(alu("sra", OPCODE | F3 | F7, f7(OP, SRL_SRA, ALT), Writeback.ALU, Alu.SRA));
        String[] m = {"mul", "mulh", "mulhsu", "mulhu", "div", "divu", "rem", "remu"};
        for (int f3 = 0; f3 < 8; f3++) t.add(row(m[f3], OPCODE | F3 | F7, f7(OP, f3, MULDIV), f3 < 4 ? Writeback.MUL : Writeback.DIV));

        t.add(alu("addiw", OPCODE | F3, f3(OP_IMM_32, ADD_SUB), Writeback.ALU_W, Alu.ADD));
        t.add(alu("slliw", OPCODE | F3 | F7, f7(OP_IMM_32, SLL, BASE), Writeback.ALU_W, Alu.SLL));
        t.add(alu("srliw", OPCODE | F3 | F7, f7(OP_IMM_32, SRL_SRA, BASE), Writeback.ALU_W, Alu.SRL));
        t.add(alu("sraiw", OPCODE | F3 | F7, f7(OP_IMM_32, SRL_SRA, ALT), Writeback.ALU_W, Alu.SRA));
        t.add(alu("addw", OPCODE | F3 | F7, f7(OP_32, ADD_SUB, BASE), Writeback.ALU_W, Alu.ADD));
        t.add(alu("subw", OPCODE | F3 | F7, f7(OP_32, ADD_SUB, ALT), Writeback.ALU_W, Alu.SUB));
        t.add(alu("sllw", OPCODE | F3 | F7, f7(OP_32, SLL, BASE), Writeback.ALU_W, Alu.SLL));
        t.add(alu("srlw", OPCODE | F3 | F7, f7(OP_32, SRL_SRA, BASE), Writeback.ALU_W, Alu.SRL));
        t.add(alu("sraw", OPCODE | F3 | F7, f7(OP_32, SRL_SRA, ALT), Writeback.ALU_W, Alu.SRA));
        t.add(row("mulw", OPCODE | F3 | F7, f7(OP_32, MUL, MULDIV), Writeback.MUL_W));
        String[] divW = {"divw", "divuw", "remw", "remuw"};
        for (int i = 0; i < 4; i++) t.add(row(divW[i], OPCODE | F3 | F7, f7(OP_32, 4 + i, MULDIV), Writeback.DIV));

        for (int width : new int[] {WIDTH_W, WIDTH_D}) {
            String s = width == WIDTH_W ? ".w" : ".d";
            Size size = width == WIDTH_W ? Size.W : Size.D;
            t.add(mem("lr" + s, OPCODE | F3 | F5 | RS2, amo(LR, width), Writeback.MEM, MemOp.LR, size, false));
            t.add(mem("sc" + s, OPCODE | F3 | F5, amo(SC, width), Writeback.MEM, MemOp.SC, size, false));
            String[] names = {"amoswap", "amoadd", "amoxor", "amoand", "amoor", "amomin", "amomax", "amominu", "amomaxu"};
            int[] f5 = {AMOSWAP, AMOADD, AMOXOR, AMOAND, AMOOR, AMOMIN, AMOMAX, AMOMINU, AMOMAXU};
            for (int i = 0; i < f5.length; i++)
                t.add(mem(names[i] + s, OPCODE | F3 | F5, amo(f5[i], width), Writeback.MEM, MemOp.AMO, size, false));
        }

        // fence: one access at a time, in order, so it only waits for the thread's store buffer to drain; fence.i: nothing
        // to do; pause is the fence w,0, which orders nothing, so it matches both rows and the core lets it drain nothing
        t.add(row("fence", OPCODE | F3, f3(MISC_MEM, FENCE), Writeback.NONE, null, Flow.NEXT, Special.FENCE, null, null, null, false));
        t.add(row("fence.i", OPCODE | F3, f3(MISC_MEM, FENCE_I), Writeback.NONE));
        t.add(special("pause", Rv64.PAUSE, Special.PAUSE));
        t.add(special("ecall", Rv64.ECALL, Special.ECALL));
        t.add(special("ebreak", Rv64.EBREAK, Special.EBREAK));
        t.add(special("wfi", Rv64.WFI, Special.WFI));
        t.add(special("wrs.nto", Rv64.WRS_NTO, Special.WRS_NTO));
        // wrs.sto: a short wait, as long as a pause (an early end is legal)
        t.add(special("wrs.sto", Rv64.WRS_STO, Special.PAUSE));
        // the counters are read-only: csrrs/csrrc (and their immediate forms) with x0 (0) as the source
        String[] csr = {"", "", "csrrs", "csrrc", "", "", "csrrsi", "csrrci"};
        for (int f3 : new int[] {2, 3, 6, 7}) t.add(row(csr[f3], OPCODE | F3 | RS1, f3(SYSTEM, f3), Writeback.CSR));
        return List.copyOf(t);
    }

    private static Row row(String name, long mask, long match, Writeback wb) {
        return row(name, mask, match, wb, null, Flow.NEXT, Special.NONE, null, null, null, false);
    }

    private static Row alu(String name, long mask, long match, Writeback wb, Alu op) {
        return row(name, mask, match, wb, null, Flow.NEXT, Special.NONE, op, null, null, false);
    }

    private static Row mem(String name, long mask, long match, Writeback wb, MemOp op, Size size, boolean unsigned) {
        return row(name, mask, match, wb, op, Flow.NEXT, Special.NONE, null, null, size, unsigned);
    }

    private static Row special(String name, long inst, Special s) {
        return row(name, ALL, inst, Writeback.NONE, null, Flow.NEXT, s, null, null, null, false);
    }

    /** A row; the operand and word controls follow from the major opcode, which names them. */
    private static Row row(String name, long mask, long match, Writeback wb, MemOp mem, Flow flow, Special special, Alu alu,
                           Branch branch, Size size, boolean unsigned) {
        long opcode = match & OPCODE;
        return new Row(name, mask, match, wb, mem, flow, special, alu, opcode == OP || opcode == OP_32,
                opcode == OP_32 || opcode == OP_IMM_32, branch, size, unsigned);
    }

    private static long f3(int opcode, int f3) {
        return (long) f3 << 12 | opcode;
    }

    private static long f7(int opcode, int f3, int f7) {
        return (long) f7 << 25 | f3(opcode, f3);
    }

    private static long amo(int f5, int width) {
        return (long) f5 << 27 | f3(AMO, width);
    }
}

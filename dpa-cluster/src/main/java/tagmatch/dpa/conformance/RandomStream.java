package tagmatch.dpa.conformance;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * A random RV64IMAC instruction stream, as assembly for {@code riscv64-unknown-elf-gcc}: the
 * same seed and length give the same text. It runs straight through (branches and jumps only go
 * forward) and ends with the cluster's exit store, {@code 1} to {@code 0x1000_0008}, which under
 * {@code qemu-riscv64} (no device there) faults: the compared region is everything before it.
 *
 * <p>The prologue points {@code sp} and {@code s0} into a 4 KiB data region of random bytes and
 * loads every other register with a random or corner value; nothing after it writes {@code sp}
 * or {@code s0}, so every load, store, AMO and LR/SC pair stays naturally aligned inside the
 * region. Multiply and divide operands are often corner values (zero, -1, the most negative
 * 32- and 64-bit values). Compressed forms come from the assembler (which compresses what it
 * can inside {@code .option rvc} stretches) and are also written out explicitly.
 */
public final class RandomStream {
    /** Bytes of the data region; the bases sit at its start ({@code sp}) and middle ({@code s0}). */
    public static final int DATA_BYTES = 4096;

    private static final long[] CORNERS = {0, 1, -1, 2, -2, Long.MIN_VALUE, Long.MAX_VALUE, Integer.MIN_VALUE,
        Integer.MAX_VALUE, 0xFFFF_FFFFL, 0x8000_0000L, 0x1_0000_0000L, 0x7FFL, -0x800L, 0xFFFF_FFFF_8000_0000L};

    private static final String[] ALU_RR = {"add", "sub", "sll", "slt", "sltu", "xor", "srl", "sra", "or", "and",
        "addw", "subw", "sllw", "srlw", "sraw"};
    private static final String[] ALU_I = {"addi", "slti", "sltiu", "xori", "ori", "andi", "addiw"};
    private static final String[] SHIFT_I = {"slli", "srli", "srai"};
    private static final String[] SHIFT_IW = {"slliw", "srliw", "sraiw"};
    private static final String[] MUL_DIV = {"mul", "mulh", "mulhsu", "mulhu", "div", "divu", "rem", "remu",
        "mulw", "divw", "divuw", "remw", "remuw"};
    private static final String[] LOADS = {"lb", "lbu", "lh", "lhu", "lw", "lwu", "ld"};
    private static final int[] LOAD_SIZE = {1, 1, 2, 2, 4, 4, 8};
    private static final String[] STORES = {"sb", "sh", "sw", "sd"};
    private static final int[] STORE_SIZE = {1, 2, 4, 8};
    private static final String[] BRANCHES = {"beq", "bne", "blt", "bge", "bltu", "bgeu"};
    private static final String[] AMOS = {"amoswap", "amoadd", "amoxor", "amoand", "amoor", "amomin", "amomax", "amominu", "amomaxu"};
    private static final String[] ORDER = {"", ".aq", ".rl", ".aqrl"};
    private static final String[] C_ALU = {"c.sub", "c.xor", "c.or", "c.and", "c.subw", "c.addw"};

    private final SplittableRandom rnd;
    private final StringBuilder text = new StringBuilder();
    private final List<int[]> pending = new ArrayList<>();   // {label, statements left before it}
    private int labels;
    private int statements;
    private boolean rvc;

    private RandomStream(long seed) {
        this.rnd = new SplittableRandom(seed);
    }

    /** The assembly of the stream of {@code seed} with about {@code length} instructions after the prologue. */
    public static String assembly(long seed, int length) {
        if (length < 1) throw new IllegalArgumentException("length = " + length + ": legal lengths are 1 or more instructions");
        return new RandomStream(seed).render(length);
    }

    private String render(int length) {
        line("    .section .text.entry, \"ax\"");
        line("    .globl _start");
        line("_start:");
        line("    .option norvc");
        line("    la sp, rs_data");
        line("    la s0, rs_data + " + DATA_BYTES / 2);
        for (int r = 1; r < 32; r++) {
            if (r == 2 || r == 8) continue;
            line("    li x" + r + ", " + value());
        }
        line("    .option rvc");
        rvc = true;
        while (statements < length) {
            if (rnd.nextInt(64) == 0) {
                rvc = !rvc;
                line(rvc ? "    .option rvc" : "    .option norvc");
            }
            step();
            placeDue();
        }
        for (int[] p : pending) line(".L" + p[0] + ":");
        pending.clear();
        line("    .option norvc");
        line("    li t0, 0x10000008");
        line("    li t1, 1");
        line("    sd t1, 0(t0)");
        line("1:  j 1b");
        line("    .section .data");
        line("    .balign 64");
        line("rs_data:");
        for (int i = 0; i < DATA_BYTES; i += 16) {
            StringBuilder b = new StringBuilder("    .byte ");
            for (int k = 0; k < 16; k++) b.append(k == 0 ? "" : ",").append(rnd.nextInt(256));
            line(b.toString());
        }
        return text.toString();
    }

    private void step() {
        int k = rnd.nextInt(100);
        if (k < 22) aluRegReg();
        else if (k < 36) aluImm();
        else if (k < 50) mulDiv();
        else if (k < 60) load();
        else if (k < 68) store();
        else if (k < 80) compressed();
        else if (k < 88) branch();
        else if (k < 91) jump();
        else if (k < 96) amo();
        else if (k < 99) lrsc();
        else emit("fence" + (rnd.nextBoolean() ? "" : " rw, rw"));
    }

    private void aluRegReg() {
        emit(pick(ALU_RR) + " " + dst() + ", " + src() + ", " + src());
    }

    private void aluImm() {
        int k = rnd.nextInt(10);
        if (k < 5) emit(pick(ALU_I) + " " + dst() + ", " + src() + ", " + imm12());
        else if (k < 7) emit(pick(SHIFT_I) + " " + dst() + ", " + src() + ", " + rnd.nextInt(64));
        else if (k < 8) emit(pick(SHIFT_IW) + " " + dst() + ", " + src() + ", " + rnd.nextInt(32));
        else if (k < 9) emit("lui " + dst() + ", " + rnd.nextInt(1 << 20));
        else emit("auipc " + dst() + ", " + rnd.nextInt(1 << 20));
    }

    private void mulDiv() {
        String a = src(), b = src();
        if (rnd.nextInt(3) == 0) {
            a = dst();
            emit("li " + a + ", " + corner());
        }
        if (rnd.nextInt(3) == 0) {
            b = dst();
            emit("li " + b + ", " + corner());
        }
        emit(pick(MUL_DIV) + " " + dst() + ", " + a + ", " + b);
    }

    private void load() {
        int i = rnd.nextInt(LOADS.length);
        emit(LOADS[i] + " " + dst() + ", " + offset(LOAD_SIZE[i]));
    }

    private void store() {
        int i = rnd.nextInt(STORES.length);
        emit(STORES[i] + " " + src() + ", " + offset(STORE_SIZE[i]));
    }

    /** An explicit compressed form; c.lw/c.ld/c.sw/c.sd use s0 and the registers x9..x15. */
    private void compressed() {
        String p = "x" + (9 + rnd.nextInt(7)), q = "x" + (9 + rnd.nextInt(7));
        switch (rnd.nextInt(16)) {
            case 0: emitC("c.addi " + dstNot0() + ", " + nonZero6()); break;
            case 1: emitC("c.li " + dstNot0() + ", " + (rnd.nextInt(64) - 32)); break;
            case 2: {
                String r = dstNot0();
                if (r.equals("x2")) r = "x1";
                emitC("c.lui " + r + ", " + (rnd.nextBoolean() ? 1 + rnd.nextInt(31) : 0xFFFE0 + rnd.nextInt(32)));
                break;
            }
            case 3: emitC("c.addiw " + dstNot0() + ", " + (rnd.nextInt(64) - 32)); break;
            case 4: emitC("c.slli " + dstNot0() + ", " + (1 + rnd.nextInt(63))); break;
            case 5: emitC((rnd.nextBoolean() ? "c.srli " : "c.srai ") + p + ", " + (1 + rnd.nextInt(63))); break;
            case 6: emitC("c.andi " + p + ", " + (rnd.nextInt(64) - 32)); break;
            case 7: emitC("c.mv " + dstNot0() + ", " + srcNot0()); break;
            case 8: emitC("c.add " + dstNot0() + ", " + srcNot0()); break;
            case 9: emitC(pick(C_ALU) + " " + p + ", " + q); break;
            case 10: emitC((rnd.nextBoolean() ? "c.lw " + p + ", " + 4 * rnd.nextInt(32) : "c.ld " + p + ", " + 8 * rnd.nextInt(32)) + "(s0)"); break;
            case 11: emitC((rnd.nextBoolean() ? "c.sw " + q + ", " + 4 * rnd.nextInt(32) : "c.sd " + q + ", " + 8 * rnd.nextInt(32)) + "(s0)"); break;
            case 12: emitC((rnd.nextBoolean() ? "c.lwsp " + dstNot0() + ", " + 4 * rnd.nextInt(64) : "c.ldsp " + dstNot0() + ", " + 8 * rnd.nextInt(64)) + "(sp)"); break;
            case 13: emitC((rnd.nextBoolean() ? "c.swsp " + srcNot0() + ", " + 4 * rnd.nextInt(64) : "c.sdsp " + srcNot0() + ", " + 8 * rnd.nextInt(64)) + "(sp)"); break;
            case 14: emitC("c.addi4spn " + p + ", sp, " + 4 * (1 + rnd.nextInt(255))); break;
            default: {
                int l = forward(2);   // c.beqz/c.bnez reach 256 bytes
                emitC((rnd.nextBoolean() ? "c.beqz " : "c.bnez ") + p + ", .L" + l);
                break;
            }
        }
    }

    private void branch() {
        int l = forward();
        emit(pick(BRANCHES) + " " + src() + ", " + src() + ", .L" + l);
    }

    private void jump() {
        int l = forward();
        switch (rnd.nextInt(4)) {
            case 0: emit("jal " + dst() + ", .L" + l); break;
            case 1: emitC("c.j .L" + l); break;
            default: {
                String t = dstNot0();
                emit("la " + t + ", .L" + l);
                if (rnd.nextBoolean()) emit("jalr " + dst() + ", 0(" + t + ")");
                else emitC((rnd.nextBoolean() ? "c.jr " : "c.jalr ") + t);
            }
        }
    }

    private void amo() {
        String t = dstNot0();
        boolean d = rnd.nextBoolean();
        emit("addi " + t + ", " + base() + ", " + aligned(d ? 8 : 4));
        emit(pick(AMOS) + (d ? ".d" : ".w") + pick(ORDER) + " " + dst() + ", " + src() + ", (" + t + ")");
    }

    /** LR, at most one ALU instruction that leaves the address alone, SC to the same address: the SC succeeds on both. */
    private void lrsc() {
        String t = dstNot0();
        boolean d = rnd.nextBoolean();
        String w = d ? ".d" : ".w";
        emit("addi " + t + ", " + base() + ", " + aligned(d ? 8 : 4));
        String v = dstNotIn(t);
        emit("lr" + w + pick(ORDER) + " " + v + ", (" + t + ")");
        if (rnd.nextBoolean()) emit("addi " + v + ", " + v + ", " + imm12());
        emit("sc" + w + pick(ORDER) + " " + dstNotIn(t) + ", " + v + ", (" + t + ")");
    }

    // --- operands ---

    private String dst() {
        int r = rnd.nextInt(40) == 0 ? 0 : writable();
        return "x" + r;
    }

    private String dstNot0() {
        return "x" + writable();
    }

    private String dstNotIn(String t) {
        String r;
        do r = dstNot0(); while (r.equals(t));
        return r;
    }

    private int writable() {
        int r;
        do r = 1 + rnd.nextInt(31); while (r == 2 || r == 8);
        return r;
    }

    private String src() {
        return "x" + rnd.nextInt(32);
    }

    private String srcNot0() {
        return "x" + (1 + rnd.nextInt(31));
    }

    private String base() {
        return rnd.nextBoolean() ? "sp" : "s0";
    }

    /** An aligned offset inside the data region from a random base, as "off(base)". */
    private String offset(int size) {
        String b = base();
        int span = DATA_BYTES / 2;
        int off = rnd.nextInt(span / size) * size;
        if (b.equals("s0") && rnd.nextBoolean()) off -= span;
        return off + "(" + b + ")";
    }

    /** An aligned offset from either base that stays inside the region (a base is chosen by the caller's addi). */
    private int aligned(int size) {
        return rnd.nextInt(DATA_BYTES / 2 / size) * size;
    }

    private String imm12() {
        return String.valueOf(rnd.nextInt(8) == 0 ? (rnd.nextBoolean() ? 2047 : -2048) : rnd.nextInt(4096) - 2048);
    }

    private int nonZero6() {
        int v;
        do v = rnd.nextInt(64) - 32; while (v == 0);
        return v;
    }

    private String value() {
        return String.valueOf(rnd.nextInt(3) == 0 ? corner() : rnd.nextLong());
    }

    private long corner() {
        return CORNERS[rnd.nextInt(CORNERS.length)];
    }

    private String pick(String[] a) {
        return a[rnd.nextInt(a.length)];
    }

    /** A new label placed 1..8 steps ahead. */
    private int forward() {
        return forward(8);
    }

    /** A new label placed 1..{@code most} steps ahead. */
    private int forward(int most) {
        int l = labels++;
        pending.add(new int[] {l, 1 + rnd.nextInt(most)});
        return l;
    }

    private void placeDue() {
        for (int i = pending.size() - 1; i >= 0; i--) {
            int[] p = pending.get(i);
            if (--p[1] <= 0) {
                line(".L" + p[0] + ":");
                pending.remove(i);
            }
        }
    }

    /** An explicit compressed instruction, inside an {@code .option rvc} stretch. */
    private void emitC(String insn) {
        if (!rvc) line("    .option rvc");
        emit(insn);
        if (!rvc) line("    .option norvc");
    }

    private void emit(String insn) {
        line("    " + insn);
        statements++;
    }

    private void line(String s) {
        text.append(s).append('\n');
    }
}

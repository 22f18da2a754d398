package tagmatch.dpa;

/**
 * The RISC-V numbers the core decodes and reports, named once: major opcodes, the function codes
 * that select among them, the AMOs' funct5, the CSR numbers it reads, the whole encodings of the
 * system and hint instructions it knows, and the {@code mcause} codes of its errors (privileged
 * spec, table "Machine cause register values").
 */
public final class Rv64 {
    private Rv64() {}

    // ---- major opcodes (inst[6:0]) ----
    public static final int LOAD = 0x03, MISC_MEM = 0x0F, OP_IMM = 0x13, AUIPC = 0x17, OP_IMM_32 = 0x1B, STORE = 0x23,
            AMO = 0x2F, OP = 0x33, LUI = 0x37, OP_32 = 0x3B, BRANCH = 0x63, JALR = 0x67, JAL = 0x6F, SYSTEM = 0x73;

    // ---- funct3 ----
    /** OP, OP-IMM: the ALU operation. */
    public static final int ADD_SUB = 0, SLL = 1, SLT = 2, SLTU = 3, XOR = 4, SRL_SRA = 5, OR = 6, AND = 7;
    /** OP with funct7 {@link #MULDIV}: {@code mul, mulh, mulhsu, mulhu}; bit 2 set is a divide or remainder. */
    public static final int MUL = 0, MULH = 1, MULHSU = 2, MULHU = 3;
    /** BRANCH: the comparison. */
    public static final int BEQ = 0, BNE = 1, BLT = 4, BGE = 5, BLTU = 6, BGEU = 7;
    /** AMO: the access width (.w, .d). */
    public static final int WIDTH_W = 2, WIDTH_D = 3;
    /** SYSTEM: funct3 0 is ecall, ebreak, wfi and the Zawrs waits; 4 is reserved; the rest are the CSR instructions. */
    public static final int PRIV = 0, SYSTEM_RESERVED = 4;
    /** MISC-MEM: fence and fence.i. */
    public static final int FENCE = 0, FENCE_I = 1;

    // ---- funct7 ----
    public static final int BASE = 0x00, ALT = 0x20, MULDIV = 0x01;

    // ---- AMO funct5 (inst[31:27]) ----
    public static final int AMOADD = 0x00, AMOSWAP = 0x01, LR = 0x02, SC = 0x03, AMOXOR = 0x04, AMOOR = 0x08, AMOAND = 0x0C,
            AMOMIN = 0x10, AMOMAX = 0x14, AMOMINU = 0x18, AMOMAXU = 0x1C;

    // ---- CSR numbers (inst[31:20]) ----
    public static final int MCYCLE = 0xB00, MINSTRET = 0xB02, CYCLE = 0xC00, TIME = 0xC01, INSTRET = 0xC02, MHARTID = 0xF14;

    // ---- whole instructions ----
    public static final long ECALL = 0x00000073L, EBREAK = 0x00100073L, WFI = 0x10500073L;
    /** Zihintpause {@code pause}: FENCE with pred = W, succ = 0, fm = 0, rd = rs1 = x0. */
    public static final long PAUSE = 0x0100000FL;
    /** Zawrs {@code wrs.nto} and {@code wrs.sto} (SYSTEM, funct12 0x00D and 0x01D). */
    public static final long WRS_NTO = 0x00D00073L, WRS_STO = 0x01D00073L;

    // ---- mcause codes of the errors that stop a hart ----
    public static final int FETCH_FAULT = 1, ILLEGAL = 2, BREAKPOINT = 3, LOAD_MISALIGNED = 4, LOAD_FAULT = 5,
            STORE_MISALIGNED = 6, STORE_FAULT = 7, ECALL_M = 11;
}

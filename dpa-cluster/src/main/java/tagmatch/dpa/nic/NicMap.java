package tagmatch.dpa.nic;

/**
 * The NIC and host block's addresses, register offsets, script operations and host layout block,
 * as {@code nic.h} (under {@code tagmatch/dpa/baremetal/}) defines them for C; a test checks that
 * the two agree.
 */
public final class NicMap {
    private NicMap() {}

    /** The registers: 4 KiB from here, 64 bits each. */
    public static final long REGS_BASE = 0x1001_0000L;
    /** Host memory: as many bytes as the cluster's RAM, from here; a host address is its cluster address. */
    public static final long HOST_BASE = 0x4000_0000L;

    public static final int MSG_CQ = 0x000, MSG_LOG = 0x008, RQ = 0x010, RQ_STRIDE = 0x018, CMD_CQ = 0x020, CMD_LOG = 0x028,
            CMD_RING = 0x030, CMD_STRIDE = 0x038, TH_RING = 0x040, TH_LOG = 0x048, TH_STRIDE = 0x050, TH_CONS = 0x058,
            SCRIPT = 0x060, LOG = 0x068, LOG_WORDS = 0x070, EVENT = 0x078, GO = 0x080, MSG_DBR = 0x088, CMD_DBR = 0x090,
            MSG_ARM = 0x098, CMD_ARM = 0x0A0, SQ_RING = 0x0A8, SQ_CQ = 0x0B0, SQ_LOG = 0x0B8, SQ_COUNT = 0x0C0, SQ_DB = 0x0C8,
            LANDED = 0x0D0, COMMANDS = 0x0D8, TAKEN = 0x0E0, EVENTS = 0x0E8, STALLS = 0x0F0, FIRST_CQE = 0x0F8, LAST_TAKE = 0x100,
            DONE = 0x108, WAIT_END = 0x110, WQES = 0x118, WQE_ERROR = 0x120;

    /** The send queues the block serves: at most this many (nic.h: NIC_SQ_COUNT). */
    public static final int MAX_SQS = 256;
    /** Bytes of a WQE slot and byte offsets of its fields ({@code flexio_dev_host.h}'s segments, in the CPU's byte order). */
    public static final int WQE_BYTES = 64, WQE_WORDS = 6;
    /** WQE opcodes ({@code FLEXIO_CTRL_SEG_*}, the mlx5 numbers). */
    public static final int OPCODE_RDMA_WRITE = 0x08, OPCODE_RDMA_READ = 0x10;
    /** The completion-requested bit of a WQE's word 1 (fm_ce_se's CQ-update bit, byte 11 bit 3). */
    public static final int WQE_CE_BIT = 27;
    /** The reasons a WQE or a doorbell is refused (the top byte of {@code WQE_ERROR}). */
    public static final int ERR_OPCODE = 1, ERR_LENGTH = 2, ERR_KEY = 3, ERR_DOORBELL = 4, ERR_ALIGN = 5;

    /** Script operations (the low byte of a record's header word). */
    public static final int OP_END = 0, OP_MSG = 1, OP_CMD = 2, OP_HOST = 3, OP_GAP = 4, OP_WAIT = 5, OP_DELAY = 6;

    /** Byte offsets in a 64-byte completion entry ({@code struct flexio_dev_cqe64}). */
    public static final int CQE_BYTES = 64, CQE_BYTE_CNT = 44, CQE_WQE_COUNTER = 60, CQE_OP_OWN = 63;

    /** {@code NIC_LAYOUT_MAGIC}: "NICLAYOT" read as a big-endian number. */
    public static final long LAYOUT_MAGIC = 0x4e49434c41594f54L;
    /** Words of {@code struct nic_host_layout}. */
    public static final int LAYOUT_WORDS = 8;

    /** Words of each to-host entry the log can keep ({@code NIC_LOG_WORDS} is 1..32). */
    public static final int MAX_LOG_WORDS = 32;
    /** Words a script record may carry after its header. */
    public static final int MAX_RECORD_WORDS = 255;
}

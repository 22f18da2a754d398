/* otm_serial_match.h - for a matcher that matches one message at a time (the list, the ALPUs)
 * under a handler of any number of threads: the threads of a block call otm_match_msg together,
 * and each waits until the message before it in the block is matched, so the matches run one at
 * a time in MPI's order while the threads' protocol stages overlap. The matcher supplies
 * otm_match_one. Included once by each such matcher's C file; one matcher per image. */
#ifdef __riscv
#define OTM_SERIAL_RELAX() __asm__ volatile(".insn i 0x0F, 0, x0, x0, 0x010")  /* pause */
#else
#define OTM_SERIAL_RELAX() ((void)0)
#endif

static otm_status otm_match_one(otm_ctx *ctx, int32_t src, int32_t tag, uint64_t msg_id, uint64_t *matched_recv_id);

/* The open block's next message to match, by its place in the block. The handler opens a block
 * only once every older message is matched, and publishes it before any of its threads match. */
static _Alignas(64) uint32_t otm_serial_next;

void otm_block_begin(otm_ctx *ctx, uint32_t count)
{
    (void)ctx;
    (void)count;
    __atomic_store_n(&otm_serial_next, 0u, __ATOMIC_RELAXED);
}

void otm_block_end(otm_ctx *ctx) { (void)ctx; }

otm_status otm_match_msg(otm_ctx *ctx, uint32_t tid, int32_t src, int32_t tag, uint64_t msg_id, uint64_t *matched_recv_id)
{
#ifndef OTM_SERIAL_UNORDERED  /* test only: without the order, to show that the reference catches it */
    while (__atomic_load_n(&otm_serial_next, __ATOMIC_ACQUIRE) != tid) OTM_SERIAL_RELAX();
#endif
    otm_status st = otm_match_one(ctx, src, tag, msg_id, matched_recv_id);
    __atomic_store_n(&otm_serial_next, tid + 1u, __ATOMIC_RELEASE);
    return st;
}

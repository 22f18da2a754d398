/* otm_dpa_cluster.c - the generated DPA handler (otm_dpa_handler.c, unmodified) end to end on
 * the tagmatch DPA cluster, over the device calls of flexio_dev_dpa.c, fed by the cluster's NIC
 * and host block (nic.h).
 *
 * Every hart enters main(hartid) (crt0.S). DPA thread t runs on core t % cores as that core's
 * hardware thread t / cores; harts of no thread park at once. Hart 0 (thread 0) sets up what a
 * DOCA host program would: three memory keys over the NIC's host memory (control: to-host
 * ring, the receives' records; receive buffers; rendezvous sender buffers), the word in DPA
 * memory the host returns the to-host ring's credits to, the message and command CQs with the message CQ's receive buffers and the command
 * ring in DPA memory, a send queue per thread, the handler's state; then it starts the NIC, which lands the workload (the runner
 * wrote it into host memory as the NIC's script) and takes the to-host entries into its log.
 * Once the handler has finished and the NIC has taken every entry, hart 0 prints the handler's
 * summary; the runner reads the log and host memory back and checks them.
 *
 * Input (dpa_input, little-endian 64-bit words): threads, cores, harts_per_core, log2 of the
 * message CQ's depth, the to-host entries the workload makes, the receives' records in host
 * memory (address, count), then the three keys' host regions (address, bytes). Output: "B <blocks> <partial blocks> <waits for a command>", then
 * "T <tid> <cycles per phase, OTM_DPA_PH_* order>" per thread. */
#include <stdint.h>

#include "dpa.h"
#include "dpa_libc.h"
#include "flexio_dpa.h"
#include "nic.h"
#include "otm.h"
#include "otm_dpa_handler.h"

#define KEYS 3u
#define SQ_LOG 1u  /* each thread's send queue: one work request in flight, two slots */

static uint64_t th_cons __attribute__((aligned(64)));  /* to-host entries taken: the NIC writes it */

typedef struct { uint64_t haddr, len; } cl_region;
typedef struct {
    int64_t threads, cores, harts_per_core, msg_log, entries;
    uint64_t recv_haddr, recv_max;
    cl_region keys[KEYS];
} cl_params;
extern const cl_params dpa_input;

static uint64_t go;        /* 1 once hart 0 has set everything up */
static uint64_t finished;  /* threads 1.. that have finished */

static void fail(const char *what)
{
    dpa_puts(what);
    dpa_putchar('\n');
    dpa_exit(2);
}

static int lead(uint32_t n, uint64_t cores, uint64_t per_core)
{
    const volatile struct nic_host_layout *h = NIC_LAYOUT;
    if (h->magic != NIC_LAYOUT_MAGIC) fail("no NIC layout block in host memory");
    uint32_t msg_log = (uint32_t)dpa_input.msg_log, cmd_log = (uint32_t)h->cmd_log;
    if (msg_log < 1 || msg_log > 16) fail("bad input: the message CQ's log2 depth must be 1..16");
    for (uint32_t k = 0; k < KEYS; k++) {
        if (flexio_dpa_mkey_register(dpa_input.keys[k].haddr, dpa_input.keys[k].len) != k + 1u) fail("memory keys out of order");
    }

    /* DPA memory */
    if (dpa_input.recv_max < 1 || dpa_input.recv_max > UINT32_MAX) fail("bad input: the receive count must be 1..2^32-1");
    void *heap = calloc(otm_dpa_heap_bytes((uint32_t)dpa_input.recv_max), 1);
    otm_wire_msg *rq = calloc((size_t)1 << msg_log, sizeof *rq);
    otm_cmd_entry *cmds = calloc((size_t)1 << cmd_log, sizeof *cmds);
    flexio_dpa_cq *msg_cq = flexio_dpa_cq_create(msg_log);
    flexio_dpa_cq *cmd_cq = flexio_dpa_cq_create(cmd_log);
    otm_dpa_setup s;
    memset(&s, 0, sizeof s);
    s.msg_cq_daddr = (uint64_t)(uintptr_t)msg_cq->ring;
    s.msg_dbr_daddr = (uint64_t)(uintptr_t)msg_cq->dbr;
    s.msg_cqn = msg_cq->cqn;
    s.msg_log = msg_log;
    s.rq_daddr = (uint64_t)(uintptr_t)rq;
    s.cmd_cq_daddr = (uint64_t)(uintptr_t)cmd_cq->ring;
    s.cmd_dbr_daddr = (uint64_t)(uintptr_t)cmd_cq->dbr;
    s.cmd_cqn = cmd_cq->cqn;
    s.cmd_log = cmd_log;
    s.ctl_mkey = 1;
    s.cmd_ring_daddr = (uint64_t)(uintptr_t)cmds;
    s.recv_haddr = dpa_input.recv_haddr;
    s.recv_max = (uint32_t)dpa_input.recv_max;
    s.th_ring_haddr = h->th_ring;
    s.th_cons_daddr = (uint64_t)(uintptr_t)&th_cons;
    s.th_log = (uint32_t)h->th_log;
    flexio_dpa_sqs sqs = flexio_dpa_sqs_create(n, SQ_LOG);
    s.sq_log = SQ_LOG;
    s.dpa_mkey = FLEXIO_DPA_MEM_MKEY;
    for (uint32_t t = 0; t < n; t++) s.sq[t] = (otm_dpa_sq){flexio_dpa_sq_ring(&sqs, t), flexio_dpa_sq_cq(&sqs, t), t, 0};
    if (otm_dpa_init(heap, &s) != 0) fail("otm_dpa_init failed");

    for (uint32_t t = 0; t < n; t++) {
        flexio_dpa_thread_bind(t, (t % cores) * per_core + t / cores, otm_dpa_event_handler, otm_dpa_thread_arg(heap, t));
    }
    __atomic_store_n(&go, 1, __ATOMIC_RELEASE);
    struct nic_dpa_side side = {s.msg_cq_daddr, msg_log, s.rq_daddr, sizeof(otm_wire_msg), s.cmd_cq_daddr, s.cmd_ring_daddr,
                                sizeof(otm_cmd_entry), sizeof(otm_to_host), flexio_dpa_event_word(),
                                s.th_cons_daddr};
    if (nic_start(&side) != 0) fail("the NIC did not start");
    if (flexio_dpa_thread_loop() != 0) fail("thread 0's handler ended neither by reschedule nor by finish, or slept with no CQ armed");
    for (uint64_t f = 0; f != n - 1u;) f = flexio_dpa_wait_change(&finished, f);
    while (nic_read(NIC_TAKEN) != (uint64_t)dpa_input.entries) {
        for (int k = 0; k < 16; k++) dpa_pause();
    }

    otm_dpa_summary sum;
    otm_dpa_summary_of(heap, &sum);
    dpa_puts("B "); dpa_put_u(sum.blocks);
    dpa_putchar(' '); dpa_put_u(sum.partial_blocks);
    dpa_putchar(' '); dpa_put_u(sum.waits_for_command);
    dpa_putchar('\n');
    for (uint32_t t = 0; t < n; t++) {
        dpa_puts("T "); dpa_put_u(t);
        for (unsigned k = 0; k < OTM_DPA_PHASES; k++) { dpa_putchar(' '); dpa_put_u(flexio_dpa_phase_cycles(t, k)); }
        dpa_putchar('\n');
    }
    return 0;
}

int main(unsigned long hartid)
{
    int64_t n = dpa_input.threads, cores = dpa_input.cores, per_core = dpa_input.harts_per_core;
    if (cores < 1 || per_core < 1 || n < 1 || n != OTM_THREADS || n > cores * per_core) {
        if (hartid == 0) fail("bad input: threads must be OTM_THREADS and at most cores * harts_per_core");
        return 0;
    }
    uint64_t tid = hartid % (uint64_t)per_core * (uint64_t)cores + hartid / (uint64_t)per_core;
    if (hartid == 0) return lead((uint32_t)n, (uint64_t)cores, (uint64_t)per_core);
    if (tid >= (uint64_t)n) return 0;
    flexio_dpa_wait_change(&go, 0);
    if (flexio_dpa_thread_loop() != 0) fail("a worker's handler ended neither by reschedule nor by finish");
    __atomic_fetch_add(&finished, 1, __ATOMIC_RELEASE);
    return 0;
}

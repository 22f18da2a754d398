/* flexio_dev_host.h and flexio_dpa.h on the tagmatch DPA cluster (see flexio_dev_host.h). */
#include <stdint.h>

#include "dpa.h"
#include "dpa_libc.h"
#include "flexio_dpa.h"
#include "nic.h"
#include "otm_dpa_handler.h"

#define FLEXIO_DPA_MAX_REGIONS 8u
#define FLEXIO_DPA_MAX_CQS     2u   /* the NIC's two: cq_num NIC_MSG_CQN and NIC_CMD_CQN */
#define FLEXIO_DPA_MAX_HARTS   256u

enum { FLEXIO_DPA_RUNNING, FLEXIO_DPA_RESCHEDULED, FLEXIO_DPA_FINISHED };

struct flexio_dev_thread_ctx {
    uint32_t                    id;
    uint32_t                    mkey;      /* the window's key; 0 before flexio_dev_window_config */
    int                         ended;     /* how the last run of the handler ended */
    int                         armed;     /* it armed a CQ since it last woke */
    uint64_t                    events;    /* the event word's value when it last woke */
    flexio_dev_event_handler_t *fn;
    uint64_t                    arg;
    unsigned                    phase;     /* OTM_DPA_PH_* its cycles go to now, since mcycle `since` */
    uint64_t                    since;
    uint64_t                    cycles[OTM_DPA_PHASES];
};

typedef struct {
    uint64_t haddr;
    size_t   len;
} flexio_dpa_region;

static struct flexio_dev_thread_ctx flexio_dpa_threads[FLEXIO_DPA_MAX_THREADS];
static struct flexio_dev_thread_ctx *flexio_dpa_of_hart[FLEXIO_DPA_MAX_HARTS];
static flexio_dpa_region flexio_dpa_regions[FLEXIO_DPA_MAX_REGIONS];
static uint32_t flexio_dpa_n_regions;
static flexio_dpa_cq flexio_dpa_cqs[FLEXIO_DPA_MAX_CQS];
static uint32_t flexio_dpa_n_cqs;
/* The NIC stores the count of events it raised here (NIC_EVENT); a sleeping thread waits for a change. */
static uint64_t flexio_dpa_events __attribute__((aligned(64)));

static struct flexio_dev_thread_ctx *flexio_dpa_self(void)
{
    uint64_t h = dpa_hartid();
    return h < FLEXIO_DPA_MAX_HARTS ? flexio_dpa_of_hart[h] : NULL;
}

/* ---------------------------------------------------------------- device side */

int flexio_dev_get_thread_ctx(struct flexio_dev_thread_ctx **dtctx)
{
    *dtctx = flexio_dpa_self();
    return *dtctx != NULL ? 0 : -1;
}

uint32_t flexio_dev_get_thread_id(struct flexio_dev_thread_ctx *dtctx) { return dtctx->id; }

void flexio_dev_thread_reschedule(void) { flexio_dpa_self()->ended = FLEXIO_DPA_RESCHEDULED; }
void flexio_dev_thread_finish(void) { flexio_dpa_self()->ended = FLEXIO_DPA_FINISHED; }

flexio_dev_status_t flexio_dev_window_config(struct flexio_dev_thread_ctx *dtctx, uint16_t window_config_id, uint32_t mkey)
{
    (void)window_config_id;
    if (mkey == 0 || mkey > flexio_dpa_n_regions) return FLEXIO_DEV_STATUS_FAILED;
    dtctx->mkey = mkey;
    return FLEXIO_DEV_STATUS_SUCCESS;
}

flexio_dev_status_t flexio_dev_window_ptr_acquire(struct flexio_dev_thread_ctx *dtctx, uint64_t haddr, flexio_uintptr_t *daddr)
{
    *daddr = 0;
    if (dtctx->mkey == 0) return FLEXIO_DEV_STATUS_FAILED;
    const flexio_dpa_region *r = &flexio_dpa_regions[dtctx->mkey - 1u];
    if (haddr < r->haddr || haddr - r->haddr >= r->len) return FLEXIO_DEV_STATUS_FAILED;
    *daddr = (flexio_uintptr_t)haddr;  /* the window is the identity on host memory (nic.h) */
    return FLEXIO_DEV_STATUS_SUCCESS;
}

uint8_t flexio_dev_cqe_get_owner(struct flexio_dev_cqe64 *cqe) { return OTM_LOAD_ACQUIRE(&cqe->op_own) & 1u; }
uint16_t flexio_dev_cqe_get_wqe_counter(struct flexio_dev_cqe64 *cqe) { return cqe->wqe_counter; }
uint32_t flexio_dev_cqe_get_byte_cnt(struct flexio_dev_cqe64 *cqe) { return cqe->byte_cnt; }

/* The doorbell record is the NIC's doorbell register (flexio_dpa_cq_create): a plain store, after
 * the ring's entries are read (a device register takes no atomics). */
void flexio_dev_dbr_cq_set_ci(uint32_t *cq_dbr, uint32_t ci)
{
    __atomic_thread_fence(__ATOMIC_RELEASE);
    *(volatile uint32_t *)cq_dbr = ci;
}

flexio_dev_status_t flexio_dev_cq_arm(struct flexio_dev_thread_ctx *dtctx, uint32_t ci, uint32_t cq_num)
{
    if (cq_num >= flexio_dpa_n_cqs) return FLEXIO_DEV_STATUS_FAILED;
    dtctx->armed = 1;
    nic_write(cq_num == NIC_MSG_CQN ? NIC_MSG_ARM : NIC_CMD_ARM, ci);
    return FLEXIO_DEV_STATUS_SUCCESS;
}

void flexio_dev_swqe_seg_ctrl_set(union flexio_dev_sqe_seg *swqe, uint32_t sq_pi, uint32_t sq_number, uint32_t ce,
                                  enum flexio_ctrl_seg_t ctrl_seg_type)
{
    swqe->ctrl.idx_opcode = (sq_pi & 0xFFFFu) << 8 | (uint32_t)ctrl_seg_type;
    swqe->ctrl.qpn_ds = sq_number << 8 | 3u;  /* ctrl, rdma, data */
    swqe->ctrl.signature = 0;
    swqe->ctrl.rsvd[0] = swqe->ctrl.rsvd[1] = 0;
    swqe->ctrl.fm_ce_se = (uint8_t)(ce << 2);
    swqe->ctrl.general_id = 0;
}

void flexio_dev_swqe_seg_rdma_set(union flexio_dev_sqe_seg *swqe, uint32_t rkey, uint64_t raddr)
{
    swqe->rdma.raddr = raddr;
    swqe->rdma.rkey = rkey;
    swqe->rdma.reserved = 0;
}

void flexio_dev_swqe_seg_mem_ptr_data_set(union flexio_dev_sqe_seg *swqe, uint32_t data_sz, uint32_t lkey, uint64_t data_addr)
{
    swqe->mem_ptr_send_data.byte_count = data_sz;
    swqe->mem_ptr_send_data.lkey = lkey;
    swqe->mem_ptr_send_data.addr = data_addr;
}

/* The WQEs are in DPA memory before the NIC reads them: a fence, then the doorbell register. */
flexio_dev_status_t flexio_dev_qp_sq_ring_db(struct flexio_dev_thread_ctx *dtctx, uint16_t sq_pi, uint32_t qp_id)
{
    (void)dtctx;
    __atomic_thread_fence(__ATOMIC_RELEASE);
    nic_write(NIC_SQ_DB, (uint64_t)qp_id << 32 | sq_pi);
    return FLEXIO_DEV_STATUS_SUCCESS;
}

uint64_t flexio_dpa_wait_change(uint64_t *p, uint64_t v)
{
    uint64_t w;
    while ((w = dpa_load_reserved((const unsigned long *)p)) == v) dpa_wrs_nto();
    return w;
}

void flexio_dpa_phase(unsigned phase)
{
    struct flexio_dev_thread_ctx *t = flexio_dpa_self();
    uint64_t now = dpa_cycles();
    t->cycles[t->phase] += now - t->since;
    t->phase = phase;
    t->since = now;
}

/* ---------------------------------------------------------------- the host library's side */

uint32_t flexio_dpa_mkey_register(uint64_t haddr, size_t len)
{
    if (flexio_dpa_n_regions == FLEXIO_DPA_MAX_REGIONS) {
        dpa_puts("flexio_dpa: too many memory keys\n");
        dpa_exit(4);
    }
    flexio_dpa_regions[flexio_dpa_n_regions].haddr = haddr;
    flexio_dpa_regions[flexio_dpa_n_regions].len = len;
    return ++flexio_dpa_n_regions;
}

flexio_dpa_cq *flexio_dpa_cq_create(uint32_t log)
{
    if (flexio_dpa_n_cqs == FLEXIO_DPA_MAX_CQS) {
        dpa_puts("flexio_dpa: too many CQs\n");
        dpa_exit(4);
    }
    flexio_dpa_cq *q = &flexio_dpa_cqs[flexio_dpa_n_cqs];
    q->cqn = flexio_dpa_n_cqs++;
    q->log = log;
    q->ring = calloc((size_t)1 << log, sizeof *q->ring);
    q->dbr = (uint32_t *)(uintptr_t)(NIC_REGS_BASE + (q->cqn == NIC_MSG_CQN ? NIC_MSG_DBR : NIC_CMD_DBR));
    for (uint32_t i = 0; i < (1u << log); i++) q->ring[i].op_own = 1u;
    return q;
}

flexio_dpa_sqs flexio_dpa_sqs_create(uint32_t n, uint32_t log)
{
    if (n < 1 || n > FLEXIO_DPA_MAX_THREADS || log > 8) {
        dpa_puts("flexio_dpa: send queues must be 1..256, of 2^0..2^8 WQEs\n");
        dpa_exit(4);
    }
    size_t entries = (size_t)n << log;
    flexio_dpa_sqs s = {(uint64_t)(uintptr_t)calloc(entries, 64), (uint64_t)(uintptr_t)calloc(entries, sizeof(struct flexio_dev_cqe64)),
                        log, n};
    struct flexio_dev_cqe64 *cq = (struct flexio_dev_cqe64 *)(uintptr_t)s.cq;
    for (size_t i = 0; i < entries; i++) cq[i].op_own = 1u;
    nic_write(NIC_SQ_RING, s.ring);
    nic_write(NIC_SQ_CQ, s.cq);
    nic_write(NIC_SQ_LOG, log);
    nic_write(NIC_SQ_COUNT, n);
    return s;
}

uint64_t flexio_dpa_sq_ring(const flexio_dpa_sqs *s, uint32_t q) { return s->ring + ((uint64_t)q << (s->log + 6u)); }
uint64_t flexio_dpa_sq_cq(const flexio_dpa_sqs *s, uint32_t q) { return s->cq + ((uint64_t)q << (s->log + 6u)); }

uint64_t flexio_dpa_event_word(void) { return (uint64_t)(uintptr_t)&flexio_dpa_events; }

void flexio_dpa_thread_bind(uint32_t tid, uint64_t hart, flexio_dev_event_handler_t *fn, uint64_t arg)
{
    if (tid >= FLEXIO_DPA_MAX_THREADS || hart >= FLEXIO_DPA_MAX_HARTS) {
        dpa_puts("flexio_dpa: thread or hart out of range\n");
        dpa_exit(4);
    }
    struct flexio_dev_thread_ctx *t = &flexio_dpa_threads[tid];
    t->id = tid;
    t->fn = fn;
    t->arg = arg;
    flexio_dpa_of_hart[hart] = t;
}

/* Sleeps until the NIC raises an event for a CQ t armed: on the event word (lr.d + wrs.nto). */
static int flexio_dpa_wait_event(struct flexio_dev_thread_ctx *t)
{
    if (!t->armed) return -1;
    uint64_t v;
    while ((v = dpa_load_reserved((const unsigned long *)&flexio_dpa_events)) == t->events) dpa_wrs_nto();
    t->events = v;
    t->armed = 0;
    return 0;
}

int flexio_dpa_thread_loop(void)
{
    struct flexio_dev_thread_ctx *t = flexio_dpa_self();
    if (t == NULL) return -1;
    t->since = dpa_cycles();
    t->phase = OTM_DPA_PH_WAIT;
    for (;;) {
        t->ended = FLEXIO_DPA_RUNNING;
        t->fn(t->arg);
        if (t->ended == FLEXIO_DPA_FINISHED) break;
        if (t->ended != FLEXIO_DPA_RESCHEDULED) return -1;
        flexio_dpa_phase(OTM_DPA_PH_WAIT);
        if (flexio_dpa_wait_event(t) != 0) return -1;
    }
    flexio_dpa_phase(t->phase);
    return 0;
}

uint64_t flexio_dpa_phase_cycles(uint32_t tid, unsigned k) { return flexio_dpa_threads[tid].cycles[k]; }

/* flexio_dev_host.h and flexio_dpa.h on the tagmatch DPA cluster (see flexio_dev_host.h). */
#include <stdint.h>

#include "dpa.h"
#include "dpa_libc.h"
#include "flexio_dpa.h"
#include "otm_dpa_handler.h"

#define FLEXIO_DPA_MAX_REGIONS 8u
#define FLEXIO_DPA_MAX_CQS     4u
#define FLEXIO_DPA_MAX_HARTS   256u
#define FLEXIO_DPA_REGION_SPAN (1ull << 40)   /* host addresses of key k start at k << 40 */

enum { FLEXIO_DPA_RUNNING, FLEXIO_DPA_RESCHEDULED, FLEXIO_DPA_FINISHED };

struct flexio_dev_thread_ctx {
    uint32_t                    id;
    uint32_t                    mkey;      /* the window's key; 0 before flexio_dev_window_config */
    int                         ended;     /* how the last run of the handler ended */
    flexio_dev_event_handler_t *fn;
    uint64_t                    arg;
    unsigned                    phase;     /* OTM_DPA_PH_* its cycles go to now, since mcycle `since` */
    uint64_t                    since;
    uint64_t                    cycles[OTM_DPA_PHASES];
};

typedef struct {
    uint8_t *base;
    size_t   len;
} flexio_dpa_region;

typedef struct {
    flexio_dpa_cq cq;
    int           armed;
    uint32_t      armed_ci;
    uint32_t      owner;   /* thread that armed it */
} flexio_dpa_cq_slot;

static struct flexio_dev_thread_ctx flexio_dpa_threads[FLEXIO_DPA_MAX_THREADS];
static struct flexio_dev_thread_ctx *flexio_dpa_of_hart[FLEXIO_DPA_MAX_HARTS];
static flexio_dpa_region flexio_dpa_regions[FLEXIO_DPA_MAX_REGIONS];
static uint32_t flexio_dpa_n_regions;
static flexio_dpa_cq_slot flexio_dpa_cqs[FLEXIO_DPA_MAX_CQS];
static uint32_t flexio_dpa_n_cqs;

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
    uint64_t at = (uint64_t)dtctx->mkey * FLEXIO_DPA_REGION_SPAN;
    if (haddr < at || haddr - at >= r->len) return FLEXIO_DEV_STATUS_FAILED;
    *daddr = (flexio_uintptr_t)(uintptr_t)(r->base + (haddr - at));
    return FLEXIO_DEV_STATUS_SUCCESS;
}

uint8_t flexio_dev_cqe_get_owner(struct flexio_dev_cqe64 *cqe) { return __atomic_load_n(&cqe->op_own, __ATOMIC_ACQUIRE) & 1u; }
uint16_t flexio_dev_cqe_get_wqe_counter(struct flexio_dev_cqe64 *cqe) { return cqe->wqe_counter; }
uint32_t flexio_dev_cqe_get_byte_cnt(struct flexio_dev_cqe64 *cqe) { return cqe->byte_cnt; }

/* The doorbell record is cluster memory the NIC reads: a store. */
void flexio_dev_dbr_cq_set_ci(uint32_t *cq_dbr, uint32_t ci) { __atomic_store_n(cq_dbr, ci, __ATOMIC_RELEASE); }

flexio_dev_status_t flexio_dev_cq_arm(struct flexio_dev_thread_ctx *dtctx, uint32_t ci, uint32_t cq_num)
{
    if (cq_num >= flexio_dpa_n_cqs) return FLEXIO_DEV_STATUS_FAILED;
    flexio_dpa_cq_slot *s = &flexio_dpa_cqs[cq_num];
    s->armed_ci = ci;
    s->owner = dtctx->id;
    s->armed = 1;
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

uint32_t flexio_dpa_mkey_register(void *base, size_t len, uint64_t *haddr)
{
    if (flexio_dpa_n_regions == FLEXIO_DPA_MAX_REGIONS) {
        dpa_puts("flexio_dpa: too many memory keys\n");
        dpa_exit(4);
    }
    flexio_dpa_regions[flexio_dpa_n_regions].base = base;
    flexio_dpa_regions[flexio_dpa_n_regions].len = len;
    uint32_t key = ++flexio_dpa_n_regions;
    *haddr = (uint64_t)key * FLEXIO_DPA_REGION_SPAN;
    return key;
}

flexio_dpa_cq *flexio_dpa_cq_create(uint32_t log)
{
    if (flexio_dpa_n_cqs == FLEXIO_DPA_MAX_CQS) {
        dpa_puts("flexio_dpa: too many CQs\n");
        dpa_exit(4);
    }
    flexio_dpa_cq *q = &flexio_dpa_cqs[flexio_dpa_n_cqs].cq;
    q->cqn = flexio_dpa_n_cqs++;
    q->log = log;
    q->ring = calloc((size_t)1 << log, sizeof *q->ring);
    q->dbr = calloc(1, sizeof *q->dbr);
    for (uint32_t i = 0; i < (1u << log); i++) q->ring[i].op_own = 1u;
    return q;
}

void flexio_dpa_cq_post(flexio_dpa_cq *cq, uint16_t wqe_counter, uint32_t byte_cnt)
{
    struct flexio_dev_cqe64 *e = &cq->ring[cq->pi & ((1u << cq->log) - 1u)];
    e->wqe_counter = wqe_counter;
    e->byte_cnt = byte_cnt;
    __atomic_store_n(&e->op_own, (uint8_t)((cq->pi >> cq->log) & 1u), __ATOMIC_RELEASE);
    cq->pi++;
}

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

/* Entry armed_ci of an armed CQ has completed. */
static int flexio_dpa_due(const flexio_dpa_cq_slot *s)
{
    uint32_t i = s->armed_ci;
    const struct flexio_dev_cqe64 *e = &s->cq.ring[i & ((1u << s->cq.log) - 1u)];
    return (__atomic_load_n(&e->op_own, __ATOMIC_ACQUIRE) & 1u) == ((i >> s->cq.log) & 1u);
}

/* Sleeps until a CQ t armed completes: on the entry's last word (lr.d + wrs.nto) when one CQ is
 * armed; polling with pause when several are (a hart holds one reservation). */
static int flexio_dpa_wait_event(struct flexio_dev_thread_ctx *t)
{
    flexio_dpa_cq_slot *mine[FLEXIO_DPA_MAX_CQS];
    uint32_t n = 0;
    for (uint32_t c = 0; c < flexio_dpa_n_cqs; c++) if (flexio_dpa_cqs[c].armed && flexio_dpa_cqs[c].owner == t->id) mine[n++] = &flexio_dpa_cqs[c];
    if (n == 0) return -1;
    for (;;) {
        for (uint32_t k = 0; k < n; k++) {
            if (flexio_dpa_due(mine[k])) {
                for (uint32_t j = 0; j < n; j++) mine[j]->armed = 0;
                return 0;
            }
        }
        if (n == 1) {
            const flexio_dpa_cq_slot *s = mine[0];
            const unsigned long *word = (const unsigned long *)(const void *)&s->cq.ring[s->armed_ci & ((1u << s->cq.log) - 1u)].reserved1[2];
            (void)dpa_load_reserved(word);
            if (!flexio_dpa_due(s)) dpa_wrs_nto();
        } else {
            dpa_pause();
            dpa_pause();
            dpa_pause();
            dpa_pause();
        }
    }
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

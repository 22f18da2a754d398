/* otm_alpu.c - otm.h over the two ALPUs on the cluster's bus and software lists, as seed 001's
 * NIC uses them (sections IV-B..D): each queue is one list in software, oldest first; its oldest
 * entries are also in its unit (in the same order, tagged with their slot), the rest only in
 * software. A message asks the PRQ unit first: MATCH_SUCCESS names the receive to take; on
 * MATCH_FAILURE software searches only the part of the list the unit does not hold, so the
 * oldest match wins in MPI order. A receive being posted asks the UMQ unit the same way, its
 * wildcards as the request's mask. After each call the entries not yet in a unit are inserted
 * in one batch (START_INSERT, START_ACK with the free cells, INSERTs, STOP_INSERT): the unit
 * holds the oldest entries, software the overflow, and a unit refills as matches empty it.
 * One message at a time (otm_serial_match.h); tables bounded as the matcher's (OTM_MAX_RECVS,
 * OTM_MAX_UNEXPECTED).
 *
 * Built with ALPU_OVERFLOW_BINS (a power of two; otm_hybrid.c), the overflow is also hashed:
 * every entry not in the unit without a wildcard sits in the bin of its key, in age order, and
 * wildcard entries in one chain of their own, so a search without wildcards beyond the unit
 * costs one bin and the wildcard chain instead of a walk of the list; a receive with a
 * wildcard searching the unexpected messages still walks the list. */
#include <stdint.h>
#include <stdlib.h>

#include "otm.h"
#include "alpu.h"

#ifndef ALPU_OVERFLOW_BINS
#define ALPU_OVERFLOW_BINS 0
#endif

typedef struct alpu_node {
    struct alpu_node *prev, *next;
    uint64_t key, mask;            /* mask: 1 = wildcard bit (the unit's sense) */
    uint64_t id;
    int32_t  slot;                 /* the unit's tag while the entry is in it, else -1 */
#if ALPU_OVERFLOW_BINS
    uint64_t seq;                  /* age: smaller is older */
    struct alpu_node *bprev, *bnext; /* its bin or the wildcard chain, while not in the unit */
#endif
} alpu_node;

#if ALPU_OVERFLOW_BINS
typedef struct { alpu_node *head, *tail; } alpu_chain;
#endif

typedef struct {
    uintptr_t  unit;
    alpu_node *head, *tail;
    alpu_node *first_out;          /* the oldest entry not in the unit (NULL: all are) */
    alpu_node **slots;             /* tag -> entry */
    int32_t   *free_slots;
    uint32_t   n_free, cells, in_unit;
    uint64_t   n, cap;
#if ALPU_OVERFLOW_BINS
    alpu_chain bins[ALPU_OVERFLOW_BINS], wild;
    uint64_t   seq;
#endif
} alpu_queue;

struct otm_ctx {
    alpu_queue posted, unexp;
    alpu_node *pool;
    otm_stats  s;
    int        held;               /* otm_hold: store nothing, as if full */
};

size_t otm_ctx_bytes(void) { return sizeof(struct otm_ctx); }

static void queue_init(alpu_queue *q, uintptr_t unit, uint64_t cap)
{
    q->unit = unit;
    q->head = q->tail = q->first_out = NULL;
    q->cells = alpu_cells(unit);
    q->slots = calloc(q->cells, sizeof *q->slots);
    q->free_slots = calloc(q->cells, sizeof *q->free_slots);
    for (uint32_t i = 0; i < q->cells; i++) q->free_slots[i] = (int32_t)(q->cells - 1 - i);
    q->n_free = q->cells;
    q->in_unit = 0;
    q->n = 0;
    q->cap = cap;
#if ALPU_OVERFLOW_BINS
    for (uint32_t i = 0; i < ALPU_OVERFLOW_BINS; i++) q->bins[i].head = q->bins[i].tail = NULL;
    q->wild.head = q->wild.tail = NULL;
    q->seq = 0;
#endif
    alpu_command(unit, ALPU_RESET, 0, 0, 0);
}

#if ALPU_OVERFLOW_BINS
static alpu_chain *chain_of(alpu_queue *q, const alpu_node *n)
{
    if (n->mask) return &q->wild;
    uint64_t h = n->key * 0x9E3779B97F4A7C15u;
    return &q->bins[(h >> 32) & (ALPU_OVERFLOW_BINS - 1)];
}

static void chain_remove(alpu_queue *q, alpu_node *n)
{
    alpu_chain *c = chain_of(q, n);
    if (n->bprev) n->bprev->bnext = n->bnext; else c->head = n->bnext;
    if (n->bnext) n->bnext->bprev = n->bprev; else c->tail = n->bprev;
}
#endif

otm_status otm_init(otm_ctx *ctx)
{
    uint64_t total = (uint64_t)OTM_MAX_RECVS + OTM_MAX_UNEXPECTED;
    ctx->pool = calloc(total, sizeof *ctx->pool);
    for (uint64_t i = 0; i + 1 < total; i++) ctx->pool[i].next = &ctx->pool[i + 1];
    queue_init(&ctx->posted, ALPU_PRQ_BASE, OTM_MAX_RECVS);
    queue_init(&ctx->unexp, ALPU_UMQ_BASE, OTM_MAX_UNEXPECTED);
    ctx->held = 0;
    otm_stats zero = {0};
    ctx->s = zero;
    return OTM_OK;
}

static uint64_t key_of(int32_t src, int32_t tag)
{
    return (uint64_t)(uint32_t)(src < 0 ? 0 : src) << 32 | (uint32_t)(tag < 0 ? 0 : tag);
}

static uint64_t mask_of(int32_t src, int32_t tag)
{
    return (src == OTM_ANY_SOURCE ? 0xFFFFFFFF00000000u : 0) | (tag == OTM_ANY_TAG ? 0xFFFFFFFFu : 0);
}

static void unlink_node(otm_ctx *ctx, alpu_queue *q, alpu_node *n)
{
    if (n->prev) n->prev->next = n->next; else q->head = n->next;
    if (n->next) n->next->prev = n->prev; else q->tail = n->prev;
    if (q->first_out == n) q->first_out = n->next;
    if (n->slot >= 0) {
        q->slots[n->slot] = NULL;
        q->free_slots[q->n_free++] = n->slot;
        q->in_unit--;
    }
#if ALPU_OVERFLOW_BINS
    else {
        chain_remove(q, n);
    }
#endif
    q->n--;
    n->next = ctx->pool;
    ctx->pool = n;
}

static void append(otm_ctx *ctx, alpu_queue *q, uint64_t key, uint64_t mask, uint64_t id)
{
    alpu_node *n = ctx->pool;
    ctx->pool = n->next;
    n->key = key;
    n->mask = mask;
    n->id = id;
    n->slot = -1;
    n->next = NULL;
    n->prev = q->tail;
    if (q->tail) q->tail->next = n; else q->head = n;
    q->tail = n;
    if (!q->first_out) q->first_out = n;
    q->n++;
#if ALPU_OVERFLOW_BINS
    n->seq = q->seq++;
    alpu_chain *c = chain_of(q, n);
    n->bnext = NULL;
    n->bprev = c->tail;
    if (c->tail) c->tail->bnext = n; else c->head = n;
    c->tail = n;
#endif
}

/* One insert batch: the oldest entries not in the unit go in, as many as START_ACK says are free. */
static void refill(alpu_queue *q)
{
    if (!q->first_out || q->in_unit == q->cells) return;
    alpu_command(q->unit, ALPU_START_INSERT, 0, 0, 0);
    uint32_t free = alpu_free(alpu_response(q->unit));
    while (free-- && q->first_out) {
        alpu_node *n = q->first_out;
#if ALPU_OVERFLOW_BINS
        chain_remove(q, n);
#endif
        n->slot = q->free_slots[--q->n_free];
        q->slots[n->slot] = n;
        q->in_unit++;
        alpu_command(q->unit, ALPU_INSERT, n->key, n->mask, (uint32_t)n->slot);
        q->first_out = n->next;
    }
    alpu_command(q->unit, ALPU_STOP_INSERT, 0, 0, 0);
}

/* The oldest entry of q matching (key, mask): the unit answers for its part, software for the rest. */
static alpu_node *search(alpu_queue *q, uint64_t key, uint64_t mask)
{
    alpu_request(q->unit, key, mask);
    uint64_t r = alpu_response(q->unit);
    if (alpu_kind(r) == ALPU_MATCH_SUCCESS) return q->slots[alpu_tag(r)];
#if ALPU_OVERFLOW_BINS
    if (!mask) {
        /* the oldest exact entry of the key's bin against the oldest matching wildcard entry */
        alpu_node probe = { .key = key };
        alpu_node *exact = NULL, *wild = NULL;
        for (alpu_node *n = chain_of(q, &probe)->head; n; n = n->bnext)
            if (n->key == key) { exact = n; break; }
        for (alpu_node *n = q->wild.head; n; n = n->bnext)
            if (((n->key ^ key) & ~n->mask) == 0) { wild = n; break; }
        if (!exact) return wild;
        return wild && wild->seq < exact->seq ? wild : exact;
    }
#endif
    for (alpu_node *n = q->first_out; n; n = n->next)
        if (((n->key ^ key) & ~(n->mask | mask)) == 0) return n;
    return NULL;
}

otm_status otm_post_recv(otm_ctx *ctx, int32_t src, int32_t tag, uint64_t recv_id, uint64_t *matched_msg_id)
{
    if ((src < 0 && src != OTM_ANY_SOURCE) || (tag < 0 && tag != OTM_ANY_TAG) || (OTM_NO_ANY_SOURCE && src == OTM_ANY_SOURCE)
            || (OTM_NO_ANY_TAG && tag == OTM_ANY_TAG))
        return OTM_ERR_ARG;
    uint64_t key = key_of(src, tag), mask = mask_of(src, tag);
    alpu_node *m = search(&ctx->unexp, key, mask);
    if (m) {
        *matched_msg_id = m->id;
        unlink_node(ctx, &ctx->unexp, m);
        refill(&ctx->unexp);
        ctx->s.matched_at_post++;
        return OTM_MATCHED;
    }
    if (ctx->held || ctx->posted.n == ctx->posted.cap) return OTM_ERR_FULL;
    append(ctx, &ctx->posted, key, mask, recv_id);
    refill(&ctx->posted);
    ctx->s.posted++;
    return OTM_POSTED;
}

void otm_hold(otm_ctx *ctx, int hold) { ctx->held = hold; }

#include "otm_post_whole.h"
#include "otm_serial_match.h"

static otm_status otm_match_one(otm_ctx *ctx, int32_t src, int32_t tag, uint64_t msg_id, uint64_t *matched_recv_id)
{
    if (src < 0 || tag < 0) return OTM_ERR_ARG;
    uint64_t key = key_of(src, tag);
    alpu_node *m = search(&ctx->posted, key, 0);
    if (m) {
        *matched_recv_id = m->id;
        unlink_node(ctx, &ctx->posted, m);
        refill(&ctx->posted);
        ctx->s.matched++;
        return OTM_MATCHED;
    }
    if (ctx->held || ctx->unexp.n == ctx->unexp.cap) return OTM_ERR_FULL;
    append(ctx, &ctx->unexp, key, 0, msg_id);
    refill(&ctx->unexp);
    ctx->s.unexpected++;
    return OTM_UNEXPECTED;
}

void otm_get_stats(const otm_ctx *ctx, otm_stats *out) { *out = ctx->s; }

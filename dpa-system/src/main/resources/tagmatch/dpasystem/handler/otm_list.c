/* otm_list.c - otm.h over the linked lists of otm_baseline.h: the baseline MPI matching of a
 * CPU, one message at a time (otm_serial_match.h), driven through the same DPA handler as the
 * optimistic matcher. Tables are bounded as the matcher's are (OTM_MAX_RECVS receives, OTM_MAX_UNEXPECTED
 * messages; beyond them OTM_ERR_FULL), so the reference judges both the same way. */
#include <stdint.h>

#include "otm.h"
#include "otm_baseline.h"

struct otm_ctx {
    ll_matcher m;
    uint64_t   n_posted, n_unexp;
    otm_stats  s;
    int        held;   /* otm_hold: store nothing, as if full */
};

size_t otm_ctx_bytes(void) { return sizeof(struct otm_ctx); }

otm_status otm_init(otm_ctx *ctx)
{
    ll_init(&ctx->m, (size_t)OTM_MAX_RECVS + OTM_MAX_UNEXPECTED + 1u);
    ctx->n_posted = ctx->n_unexp = 0;
    ctx->held = 0;
    otm_stats zero = {0};
    ctx->s = zero;
    return OTM_OK;
}

static int otm_list_bad(int32_t src, int32_t tag) { return (src < 0 && src != OTM_ANY_SOURCE) || (tag < 0 && tag != OTM_ANY_TAG); }

/* A stored message the receive (src, tag) would take; a posted receive message (src, tag) would. */
static int otm_list_waiting(const ll_matcher *m, int32_t src, int32_t tag)
{
    uint64_t mask = (src == OTM_ANY_SOURCE ? 0 : 0xFFFFFFFF00000000u) | (tag == OTM_ANY_TAG ? 0 : 0xFFFFFFFFu);
    for (const ll_node *n = m->unexp; n; n = n->next) if ((n->match & mask) == (ll_bits(src, tag) & mask)) return 1;
    return 0;
}

static int otm_list_wanted(const ll_matcher *m, int32_t src, int32_t tag)
{
    for (const ll_node *n = m->posted; n; n = n->next) if ((ll_bits(src, tag) & n->mask) == n->match) return 1;
    return 0;
}

otm_status otm_post_recv(otm_ctx *ctx, int32_t src, int32_t tag, uint64_t recv_id, uint64_t *matched_msg_id)
{
    if (otm_list_bad(src, tag) || (OTM_NO_ANY_SOURCE && src == OTM_ANY_SOURCE) || (OTM_NO_ANY_TAG && tag == OTM_ANY_TAG)) return OTM_ERR_ARG;
    uint64_t msg = 0;
    if ((ctx->held || ctx->n_posted == OTM_MAX_RECVS) && !otm_list_waiting(&ctx->m, src, tag)) return OTM_ERR_FULL;
    int st = ll_post(&ctx->m, src, tag, recv_id, &msg);
    if (st == 1) {
        *matched_msg_id = msg;
        ctx->n_unexp--;
        ctx->s.matched_at_post++;
        return OTM_MATCHED;
    }
    ctx->n_posted++;
    ctx->s.posted++;
    return OTM_POSTED;
}

void otm_hold(otm_ctx *ctx, int hold) { ctx->held = hold; }

#include "otm_post_whole.h"
#include "otm_serial_match.h"

static otm_status otm_match_one(otm_ctx *ctx, int32_t src, int32_t tag, uint64_t msg_id, uint64_t *matched_recv_id)
{
    if (src < 0 || tag < 0) return OTM_ERR_ARG;
    uint64_t recv = 0;
    if ((ctx->held || ctx->n_unexp == OTM_MAX_UNEXPECTED) && !otm_list_wanted(&ctx->m, src, tag)) return OTM_ERR_FULL;
    int st = ll_arrive(&ctx->m, src, tag, msg_id, &recv);
    if (st == 1) {
        *matched_recv_id = recv;
        ctx->n_posted--;
        ctx->s.matched++;
        return OTM_MATCHED;
    }
    ctx->n_unexp++;
    ctx->s.unexpected++;
    return OTM_UNEXPECTED;
}

void otm_get_stats(const otm_ctx *ctx, otm_stats *out) { *out = ctx->s; }

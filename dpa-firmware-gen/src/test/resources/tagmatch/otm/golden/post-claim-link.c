
/* The common post split for threads that post at once (otm.h). The claim pops the descriptor
 * and the label; claims are made one at a time in posting order, so labels and descriptors
 * come in that order as otm_post_recv gives them. It stores as little as it can: the claims are
 * the serial part. */
int otm_post_claim(otm_ctx *ctx, int32_t src, int32_t tag, otm_claim *out)
{
    otm_ref r = ctx->recv_free;
    if (ctx->unexp_stored != 0 || (r | src | tag) < 0) return 0;
    ctx->recv_free = otm_rv(ctx, r)->free_next;
    out->desc = r;
    out->label = ctx->next_label++;
    return 1;
}

/* Links run at once, between blocks, so no match walks a chain meanwhile: under the bin's
 * remove lock, the receive goes behind the last receive of a smaller label (mostly the tail:
 * a link overtakes another of its bin only when claimed later and linked sooner). */
void otm_post_link(otm_ctx *ctx, const otm_claim *c, int32_t src, int32_t tag, uint64_t recv_id)
{
    uint64_t key = otm_key_concrete(src, tag);
    uint32_t bin = otm_hash_key(key);
    otm_recv *d = otm_rv(ctx, c->desc);
    d->key.both = key;
    otm_store_relaxed(&d->recv_id, recv_id);
    d->booking = 0;
    d->label = c->label;
    otm_bin *b = &ctx->rx[bin];
    if (!otm_try_lock(ctx, bin)) otm_lock_wait(&ctx->rx_lock[bin]);
    otm_ref prev = b->tail;
    while (prev != OTM_NIL && otm_rv(ctx, prev)->label > c->label) prev = otm_rv(ctx, prev)->prev;
    otm_ref next = prev == OTM_NIL ? b->head : otm_rv(ctx, prev)->next;
    d->prev = prev;
    d->next = next;
    if (prev == OTM_NIL) b->head = c->desc; else otm_rv(ctx, prev)->next = c->desc;
    if (next == OTM_NIL) b->tail = c->desc; else otm_rv(ctx, next)->prev = c->desc;
    otm_store_release(&ctx->rx_lock[bin], 0u);
}

/* otm_post_whole.h - for a matcher with no split post (otm.h): every post is applied whole with
 * otm_post_recv, one at a time, so a claim is always refused and nothing is ever linked.
 * Included once by each such matcher's C file. */
int otm_post_claim(otm_ctx *ctx, int32_t src, int32_t tag, otm_claim *out)
{
    (void)ctx;
    (void)src;
    (void)tag;
    (void)out;
    return 0;
}

void otm_post_link(otm_ctx *ctx, const otm_claim *c, int32_t src, int32_t tag, uint64_t recv_id)
{
    (void)ctx;
    (void)c;
    (void)src;
    (void)tag;
    (void)recv_id;
}

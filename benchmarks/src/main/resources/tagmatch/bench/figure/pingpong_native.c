/* The receiver's matching of seed 000's ping-pong (its figure 8) natively on one host core,
 * the line beside the simulated DPA in `tagmatch figure 8 --on dpa`: each sequence, k receives
 * posted, then the k messages matched, by the generated otm.c (a one-thread build: blocks of
 * one message) or by the linked lists of otm_baseline.h. Every message must match the receive
 * MPI's order gives it (receive j of its sequence, in both cases); otherwise exit 1.
 *   no-conflict: receive j and message j carry tag j;  conflict: all carry (0, 0).
 * Usage: pingpong_native <otm|list> <no-conflict|conflict> <k> <sequences> <warmup>
 * Prints "ns_per_message <ns> messages <n> seconds <s>". */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "otm.h"
#include "otm_baseline.h"

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

int main(int argc, char **argv)
{
    if (argc != 6 || (strcmp(argv[1], "otm") != 0 && strcmp(argv[1], "list") != 0)
        || (strcmp(argv[2], "no-conflict") != 0 && strcmp(argv[2], "conflict") != 0)) {
        fprintf(stderr, "usage: %s <otm|list> <no-conflict|conflict> <k> <sequences> <warmup>\n", argv[0]);
        return 2;
    }
    int otm = strcmp(argv[1], "otm") == 0, conflict = strcmp(argv[2], "conflict") == 0;
    long k = strtol(argv[3], NULL, 10), sequences = strtol(argv[4], NULL, 10), warmup = strtol(argv[5], NULL, 10);
    if (k < 1 || k > OTM_MAX_RECVS || sequences < 1 || warmup < 0) {
        fprintf(stderr, "k must be 1..%d, sequences >= 1, warmup >= 0\n", OTM_MAX_RECVS);
        return 2;
    }
    otm_ctx *ctx = aligned_alloc(64, (otm_ctx_bytes() + 63u) / 64u * 64u);
    if (otm_init(ctx) != OTM_OK) { fprintf(stderr, "otm_init failed\n"); return 1; }
    ll_matcher ll;
    ll_init(&ll, (size_t)k + 1u);
    uint64_t post = 0, msg = 1000000;
    double start = now();
    for (long r = 0; r < sequences + warmup; r++) {
        if (r == warmup) start = now();
        uint64_t first = post;
        for (long j = 0; j < k; j++) {
            uint64_t partner = 0;
            int32_t tag = conflict ? 0 : (int32_t)j;
            int st = otm ? (int)otm_post_recv(ctx, 0, tag, post, &partner) : ll_post(&ll, 0, tag, post, &partner);
            if (st != OTM_POSTED) { fprintf(stderr, "receive %llu: status %d, not posted\n", (unsigned long long)post, st); return 1; }
            post++;
        }
        for (long j = 0; j < k; j++) {
            uint64_t partner = 0;
            int32_t tag = conflict ? 0 : (int32_t)j;
            int st;
            if (otm) {
                otm_block_begin(ctx, 1);
                st = (int)otm_match_msg(ctx, 0, 0, tag, msg, &partner);
                otm_block_end(ctx);
            } else {
                st = ll_arrive(&ll, 0, tag, msg, &partner);
            }
            if (st != OTM_MATCHED || partner != first + (uint64_t)j) {
                fprintf(stderr, "message %llu: status %d partner %llu, want receive %llu\n", (unsigned long long)msg, st,
                        (unsigned long long)partner, (unsigned long long)(first + (uint64_t)j));
                return 1;
            }
            msg++;
        }
    }
    double secs = now() - start;
    printf("ns_per_message %.2f messages %ld seconds %.6f\n", secs * 1e9 / (double)(sequences * k), sequences * k, secs);
    free(ctx);
    free(ll.pool);
    return 0;
}

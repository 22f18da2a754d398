/* alpu_probe.c - both ALPUs through their bus queues: a full insert batch, the oldest match
 * winning over a younger exact one through the PRQ's stored mask, a UMQ request's mask, failures,
 * then the cycles of one match and of K back-to-back matches. Exit code: the first rule broken. */
#include <stdint.h>
#include "dpa.h"
#include "alpu.h"

static void put_dec(uint64_t v)
{
    char b[24];
    int n = 0;
    do { b[n++] = (char)('0' + v % 10); v /= 10; } while (v);
    while (n) dpa_putchar(b[--n]);
}

static int expect(uintptr_t u, uint32_t kind, uint32_t tag)
{
    uint64_t r = alpu_response(u);
    return alpu_kind(r) == kind && (kind != ALPU_MATCH_SUCCESS || alpu_tag(r) == tag);
}

static int fill(uintptr_t u, uint32_t base_key, uint32_t cells)
{
    alpu_command(u, ALPU_START_INSERT, 0, 0, 0);
    uint64_t ack = alpu_response(u);
    if (alpu_kind(ack) != ALPU_START_ACK || alpu_free(ack) != cells) return 0;
    for (uint32_t i = 0; i < cells; i++) alpu_command(u, ALPU_INSERT, base_key + i, i == 3 ? 0xF : 0, i);
    alpu_command(u, ALPU_STOP_INSERT, 0, 0, 0);
    return 1;
}

int main(uint64_t hart)
{
    if (hart != 0) return 0;
    uint32_t cells = alpu_cells(ALPU_PRQ_BASE);
    if (cells < 8 || alpu_cells(ALPU_UMQ_BASE) != cells) return 10;
    if (!fill(ALPU_PRQ_BASE, 100, cells)) return 11;
    if (!fill(ALPU_UMQ_BASE, 200, cells)) return 12;
    if (alpu_occupancy(ALPU_PRQ_BASE) != cells) return 13;
    /* entry 3 (key 103, low four bits masked) is older than entry 5 (key 105): it wins first */
    alpu_request(ALPU_PRQ_BASE, 105, 0);
    if (!expect(ALPU_PRQ_BASE, ALPU_MATCH_SUCCESS, 3)) return 14;
    alpu_request(ALPU_PRQ_BASE, 105, 0);
    if (!expect(ALPU_PRQ_BASE, ALPU_MATCH_SUCCESS, 5)) return 15;
    alpu_request(ALPU_PRQ_BASE, 105, 0);
    if (!expect(ALPU_PRQ_BASE, ALPU_MATCH_FAILURE, 0)) return 16;
    /* the UMQ's mask comes with the request: all ones takes the oldest entry */
    alpu_request(ALPU_UMQ_BASE, 0, ~0ull);
    if (!expect(ALPU_UMQ_BASE, ALPU_MATCH_SUCCESS, 0)) return 17;
    alpu_request(ALPU_UMQ_BASE, 205, 0);
    if (!expect(ALPU_UMQ_BASE, ALPU_MATCH_SUCCESS, 5)) return 18;
    alpu_request(ALPU_UMQ_BASE, 205, 0);
    if (!expect(ALPU_UMQ_BASE, ALPU_MATCH_FAILURE, 0)) return 19;
    /* an INSERT outside insert mode is refused and raises error */
    alpu_command(ALPU_UMQ_BASE, ALPU_INSERT, 1, 0, 1);
    while (!alpu_error(ALPU_UMQ_BASE)) { }
    alpu_command(ALPU_UMQ_BASE, ALPU_RESET, 0, 0, 0);
    while (alpu_error(ALPU_UMQ_BASE) || alpu_occupancy(ALPU_UMQ_BASE)) { }

    /* one match: from before the request's store to its response read */
    uint64_t t0 = dpa_cycles();
    alpu_request(ALPU_PRQ_BASE, 106, 0);
    uint64_t r = alpu_response(ALPU_PRQ_BASE);
    uint64_t one = dpa_cycles() - t0;
    if (alpu_kind(r) != ALPU_MATCH_SUCCESS || alpu_tag(r) != 6) return 20;
    /* K matches back to back: every request stored (a full queue refuses and the store replays), then the answers;
     * K stays within the request and response queues (4 each), or the last store would wait for a read that never comes */
    uint32_t k = 6;
    t0 = dpa_cycles();
    for (uint32_t i = 0; i < k; i++) alpu_request(ALPU_PRQ_BASE, 107 + i, 0);
    for (uint32_t i = 0; i < k; i++) {
        r = alpu_response(ALPU_PRQ_BASE);
        if (alpu_kind(r) != ALPU_MATCH_SUCCESS || alpu_tag(r) != 7 + i) return 21;
    }
    uint64_t many = dpa_cycles() - t0;
    dpa_puts("one ");
    put_dec(one);
    dpa_puts(" k ");
    put_dec(k);
    dpa_puts(" cycles ");
    put_dec(many);
    dpa_putchar('\n');
    return 0;
}

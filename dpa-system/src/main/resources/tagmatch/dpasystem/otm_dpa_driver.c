/* otm_dpa_driver.c - the generated matcher (otm.c, unmodified) on the tagmatch DPA cluster.
 *
 * Every hart enters main(hartid) (crt0.S) and takes its matcher thread from its place in the
 * cluster: thread t runs on core t % cores, as that core's hardware thread t / cores, so N
 * threads spread over the cores (N = 4 uses one thread of each core) and hart 0 is thread 0.
 * The harts of threads N and above return at once (crt0.S parks them). Thread 0 plays the
 * handler's thread 0: it applies the host's posts between blocks, opens each block of up to N
 * arrivals, matches the block's oldest message itself and closes the block when the others are
 * done. Threads 1..N-1 poll the block word, as the handler's worker threads do, and match
 * message t of each block. The block word and the count of finished messages are waited for
 * with lr.d and Zawrs wrs.nto (dpa.h): a waiting hart takes no issue slots of its core, which
 * are thread 0's serial work's, until the word is written. Built with -DDPA_WAIT_PAUSE, the
 * waits poll with `pause` instead (four between two polls: each pause is itself an issue slot).
 *
 * What to do comes from dpa_input (linked in from input.bin, little-endian 64-bit words):
 *   mode   0 cosim: the events that follow, one result line each ("<status> <partner>") and an
 *               "S ..." line of otm_get_stats, as otm_driver prints them;
 *          1 bench on the firmware, 2 bench on the linked list (hart 0 alone): otm_bench's
 *               workloads (case, depth, messages), one line "matched M unexpected U cycles C
 *               conflicts C fast F slow L in_order I blocks K posts P arrivals A", counted by mcycle on
 *               hart 0: C the matching loop's cycles but the arrivals' (setup left out), of which K
 *               in blocks (from opening to closing, list: ll_arrive) and P in reposting the
 *               consumed receives, and A the cycles hart 0 spent generating the arrivals (the
 *               network's part, left out of C as the handler's NIC lands them);
 *   threads N (matcher threads);  cores, harts_per_core (the cluster's, for the spread above)
 *   case 0 nc, 1 conflict, 2 wild;  depth;  messages
 *   events E, then E events of four words: kind ('P' post, 'A' arrival, 'E' block end, 'I' a
 *   new communicator: the context is initialized again, after the previous one's "S" line), id, src, tag. */
#include <stdint.h>
#include <stddef.h>

#include "dpa.h"
#include "dpa_libc.h"
#include "otm.h"
#include "otm_baseline.h"

typedef struct { int64_t kind, id, src, tag; } dpa_event;
typedef struct {
    int64_t mode, threads, cores, harts_per_core, kase, depth, messages, events;
    dpa_event ev[];
} dpa_params;
extern const dpa_params dpa_input;

/* ---- the block, shared by the harts ---- */

typedef struct { int32_t src, tag; } key;

static struct {
    otm_ctx *ctx;
    key msg[OTM_THREADS];
    uint64_t id[OTM_THREADS];
    int32_t status[OTM_THREADS];
    uint64_t partner[OTM_THREADS];
    uint32_t count;   /* hart 0's: messages gathered for the next block */
    uint64_t word;    /* the block word: generation << 7 | count; UINT64_MAX stops the workers */
    uint64_t done;    /* messages of this block matched by harts 1.. */
} B;

static void match(uint32_t tid)
{
    B.status[tid] = otm_match_msg(B.ctx, tid, B.msg[tid].src, B.msg[tid].tag, B.id[tid], &B.partner[tid]);
}

/* Waits until *p differs from v and returns it. */
static uint64_t wait_change(uint64_t *p, uint64_t v)
{
    uint64_t w;
#ifdef DPA_WAIT_PAUSE
    while ((w = __atomic_load_n(p, __ATOMIC_ACQUIRE)) == v) {
        dpa_pause();
        dpa_pause();
        dpa_pause();
        dpa_pause();
    }
#else
    while ((w = dpa_load_reserved((unsigned long *)p)) == v) dpa_wrs_nto();
#endif
    return w;
}

static void worker(uint32_t tid)
{
    if (tid >= OTM_THREADS) return;   /* main checked it; said again for GCC's bounds analysis at N = 1 */
    uint64_t seen = 0;
    for (;;) {
        uint64_t w = wait_change(&B.word, seen);
        if (w == UINT64_MAX) return;
        seen = w;
        if (tid < (uint32_t)(w & 127u)) {
            match(tid);
            __atomic_fetch_add(&B.done, 1, __ATOMIC_RELEASE);
        }
    }
}

/* Hart 0: opens a block of B.count messages, matches the oldest, waits for the others, closes it. */
static uint64_t generation;
static void run_block(void)
{
    otm_block_begin(B.ctx, B.count);
    __atomic_store_n(&B.done, 0, __ATOMIC_RELAXED);
    __atomic_store_n(&B.word, ++generation << 7 | B.count, __ATOMIC_RELEASE);
    match(0);
    for (uint64_t d = 0; d != B.count - 1u;) d = wait_change(&B.done, d);
    otm_block_end(B.ctx);
}

/* ---- mode 0: a workload, every result printed ---- */

static void result(int64_t status, int64_t partner)
{
    dpa_put_i(status);
    dpa_putchar(' ');
    dpa_put_i(status == OTM_MATCHED ? partner : -1);
    dpa_putchar('\n');
}

static void flush(void)
{
    if (B.count == 0) return;
    run_block();
    for (uint32_t t = 0; t < B.count; t++) result(B.status[t], (int64_t)B.partner[t]);
    B.count = 0;
}

static void print_stats(void);

static void cosim(uint32_t n)
{
    for (int64_t i = 0; i < dpa_input.events; i++) {
        const dpa_event *e = &dpa_input.ev[i];
        if (e->kind == 'P') {
            flush();
            uint64_t partner = 0;
            otm_status st = otm_post_recv(B.ctx, (int32_t)e->src, (int32_t)e->tag, (uint64_t)e->id, &partner);
            result(st, (int64_t)partner);
        } else if (e->kind == 'I') {
            flush();
            if (i > 0) print_stats();
            otm_init(B.ctx);
        } else if (e->kind == 'A') {
            if (B.count == n) flush();
            B.msg[B.count].src = (int32_t)e->src;
            B.msg[B.count].tag = (int32_t)e->tag;
            B.id[B.count++] = (uint64_t)e->id;
        } else {
            flush();
        }
    }
    flush();
    print_stats();
}

/* The "S ..." line of one context, as otm_driver prints it. */
static void print_stats(void)
{
    otm_stats s;
    otm_get_stats(B.ctx, &s);
    const uint64_t v[] = {s.posted, s.matched_at_post, s.unexpected, s.matched, s.conflicts, s.fast_path,
                          s.slow_path, s.fallbacks, s.max_bin_depth, s.in_order};
    dpa_putchar('S');
    for (unsigned k = 0; k < sizeof v / sizeof v[0]; k++) { dpa_putchar(' '); dpa_put_u(v[k]); }
    dpa_putchar('\n');
}

/* ---- modes 1 and 2: otm_bench's workloads, counted in cycles ---- */

static uint64_t rng = 88172645463325252u;
static uint32_t next_rand(uint32_t n) { rng ^= rng << 13; rng ^= rng >> 7; rng ^= rng << 17; return (uint32_t)(rng % n); }

static int use_otm;
static ll_matcher ll;
static uint64_t matched_at_post;

/* Posts receive id with key k until it is stored (a post that meets an unexpected message matches it instead). */
static void post(uint32_t id, key k)
{
    for (;;) {
        uint64_t m = 0;
        int st = use_otm ? (int)otm_post_recv(B.ctx, k.src, k.tag, id, &m) : ll_post(&ll, k.src, k.tag, id, &m);
        if (st != OTM_MATCHED) return;
        matched_at_post++;
    }
}

static void bench(uint32_t threads)
{
    int kase = (int)dpa_input.kase;
    uint32_t depth = (uint32_t)dpa_input.depth;
    uint64_t messages = (uint64_t)dpa_input.messages;
    key *keys = calloc(depth, sizeof *keys);
    for (uint32_t i = 0; i < depth; i++) {
        int32_t s = (int32_t)(i % 64u), t = (int32_t)(i / 64u);
        if (kase == 0) { keys[i].src = s; keys[i].tag = t; }
        else if (kase == 1) { keys[i].src = 0; keys[i].tag = 0; }
        else { keys[i].src = (i & 1u) ? -1 : s; keys[i].tag = (i & 2u) ? -1 : t; }
    }
    ll_init(&ll, 2u * depth + 2u * OTM_THREADS + 1u);
    uint32_t n = depth < threads ? depth : threads;
    for (uint32_t i = 0; i < depth; i++) post(i, keys[i]);
    uint32_t *pick = calloc(depth, sizeof *pick);
    for (uint32_t i = 0; i < depth; i++) pick[i] = i;
    uint64_t matched = 0, unexpected = 0, msg_id = 0, arrivals = 0, blocks = 0, posts = 0;
    uint64_t c0 = dpa_cycles();
    while (matched + matched_at_post < messages) {
        uint64_t t0 = dpa_cycles();
        for (uint32_t j = 0; j < n; j++) {
            uint32_t x = j + next_rand(depth - j), tmp = pick[j];
            pick[j] = pick[x];
            pick[x] = tmp;
            key k = keys[pick[j]];
            if (k.src < 0) k.src = (int32_t)next_rand(64);
            if (k.tag < 0) k.tag = (int32_t)next_rand(16);
            B.msg[j] = k;
            B.id[j] = msg_id + j;
        }
        uint64_t t1 = dpa_cycles();
        arrivals += t1 - t0;
        if (use_otm) {
            B.count = n;
            run_block();
        } else {
            for (uint32_t j = 0; j < n; j++) B.status[j] = ll_arrive(&ll, B.msg[j].src, B.msg[j].tag, msg_id + j, &B.partner[j]);
        }
        uint64_t t2 = dpa_cycles();
        blocks += t2 - t1;
        msg_id += n;
        for (uint32_t j = 0; j < n; j++) {
            if (B.status[j] == OTM_MATCHED) {
                matched++;
                post((uint32_t)B.partner[j], keys[B.partner[j]]);
            } else {
                unexpected++;
            }
        }
        posts += dpa_cycles() - t2;
    }
    uint64_t cycles = dpa_cycles() - c0 - arrivals;
    otm_stats s = {0};
    if (use_otm) otm_get_stats(B.ctx, &s);
    dpa_puts("matched "); dpa_put_u(matched + matched_at_post);
    dpa_puts(" unexpected "); dpa_put_u(unexpected);
    dpa_puts(" cycles "); dpa_put_u(cycles);
    dpa_puts(" conflicts "); dpa_put_u(s.conflicts);
    dpa_puts(" fast "); dpa_put_u(s.fast_path);
    dpa_puts(" slow "); dpa_put_u(s.slow_path);
    dpa_puts(" in_order "); dpa_put_u(s.in_order);
    dpa_puts(" blocks "); dpa_put_u(blocks);
    dpa_puts(" posts "); dpa_put_u(posts);
    dpa_puts(" arrivals "); dpa_put_u(arrivals);
    dpa_putchar('\n');
}

/* The context: one per run, in RAM (otm_ctx_bytes() depends on the build). */
static unsigned char ctx_mem[2u << 20] __attribute__((aligned(64)));

int main(unsigned long hartid)
{
    uint32_t n = (uint32_t)dpa_input.threads;
    uint64_t cores = (uint64_t)dpa_input.cores, per_core = (uint64_t)dpa_input.harts_per_core;
    if (cores < 1 || per_core < 1) {
        if (hartid == 0) dpa_puts("bad input: cores and harts_per_core must be 1 or more\n");
        return 2;
    }
    uint32_t tid = (uint32_t)(hartid % per_core * cores + hartid / per_core);
    if (hartid != 0) {
        if (tid < n && dpa_input.mode != 2) {
            while (__atomic_load_n(&B.ctx, __ATOMIC_ACQUIRE) == NULL) dpa_pause();
            worker(tid);
        }
        return 0;
    }
    if (n < 1 || n > OTM_THREADS || n > cores * per_core || dpa_input.mode < 0 || dpa_input.mode > 2) {
        dpa_puts("bad input: threads must be 1..OTM_THREADS and at most the cluster's harts, mode 0..2\n");
        return 2;
    }
    if (otm_ctx_bytes() > sizeof ctx_mem) {
        dpa_puts("the context does not fit: otm_ctx_bytes() = ");
        dpa_put_u(otm_ctx_bytes());
        dpa_putchar('\n');
        return 2;
    }
    otm_ctx *ctx = (otm_ctx *)ctx_mem;
    if (otm_init(ctx) != OTM_OK) {
        dpa_puts("otm_init failed\n");
        return 1;
    }
    use_otm = dpa_input.mode != 2;
    __atomic_store_n(&B.ctx, ctx, __ATOMIC_RELEASE);
    if (dpa_input.mode == 0) cosim(n);
    else bench(n);
    __atomic_store_n(&B.word, UINT64_MAX, __ATOMIC_RELEASE);
    return 0;
}

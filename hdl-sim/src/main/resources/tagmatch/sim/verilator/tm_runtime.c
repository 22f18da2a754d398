/* tagmatch simulation runtime: the C functions bound to Java through JNA direct mapping.
 * Cycle convention (the same for per-call and batched use): a cycle settles the inputs with the
 * clock low (trace time 10*c), then raises the clock and evaluates (trace time 10*c+5), then
 * lowers the clock lazily; outputs observed "in cycle c" are those of the settled, pre-edge state. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "tm_abi.h"

#define TM_EXPORT __attribute__((visibility("default")))

static inline uint64_t mask_of(int32_t width) {
    return width >= 64 ? ~(uint64_t)0 : (((uint64_t)1 << width) - 1);
}

static inline void put_narrow(const tm_port *p, uint64_t v) {
    v &= mask_of(p->width);
    switch (p->bytes) {
    case 1: *(uint8_t *)p->ptr = (uint8_t)v; break;
    case 2: *(uint16_t *)p->ptr = (uint16_t)v; break;
    case 4: *(uint32_t *)p->ptr = (uint32_t)v; break;
    default: *(uint64_t *)p->ptr = v; break;
    }
}

static inline uint64_t get_narrow(const tm_port *p) {
    switch (p->bytes) {
    case 1: return *(const uint8_t *)p->ptr;
    case 2: return *(const uint16_t *)p->ptr;
    case 4: return *(const uint32_t *)p->ptr;
    default: return *(const uint64_t *)p->ptr;
    }
}

/* Wide ports are arrays of 32-bit words in Verilator; Java sees 64-bit words, least significant
 * first. On a little-endian host both layouts are the same bytes, so a copy does it. */
static inline void put_wide(const tm_port *p, const int64_t *words) {
    uint32_t *w = (uint32_t *)p->ptr;
#if __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    memcpy(w, words, (size_t)p->words32 * 4);
#else
    for (int32_t i = 0; i < p->words32; i++) {
        uint64_t src = (uint64_t)words[i >> 1];
        w[i] = (uint32_t)((i & 1) ? (src >> 32) : src);
    }
#endif
    int32_t top_bits = p->width - 32 * (p->words32 - 1);
    if (top_bits < 32) w[p->words32 - 1] &= ((uint32_t)1 << top_bits) - 1;
}

static inline void get_wide(const tm_port *p, int64_t *words) {
    const uint32_t *w = (const uint32_t *)p->ptr;
    int32_t n64 = (p->words32 + 1) / 2;
#if __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    words[n64 - 1] = 0; /* an odd word count leaves the top half of the last long empty */
    memcpy(words, w, (size_t)p->words32 * 4);
#else
    for (int32_t j = 0; j < n64; j++) {
        uint64_t lo = w[2 * j];
        uint64_t hi = (2 * j + 1 < p->words32) ? w[2 * j + 1] : 0;
        words[j] = (int64_t)(lo | (hi << 32));
    }
#endif
}

static inline int32_t words64(const tm_port *p) { return (p->width + 63) / 64; }

static inline void settle(tm_inst *s) {
    if (s->dirty) {
        if (s->clk) *s->clk = 0;
        s->eval(s, s->cycle * 10);
        s->dirty = 0;
    }
}

static inline void edge(tm_inst *s) {
    if (s->clk) {
        *s->clk = 1;
        s->eval(s, s->cycle * 10 + 5);
        *s->clk = 0; /* evaluated lazily, together with the next cycle's inputs */
    }
    s->cycle++;
    s->dirty = 1;
}

TM_EXPORT int32_t tm_abi(void) { return TM_ABI_VERSION; }

TM_EXPORT void tm_destroy(int64_t h) { tm_inst *s = (tm_inst *)(intptr_t)h; s->destroy(s); }

TM_EXPORT void tm_poke(int64_t h, int32_t port, int64_t v) {
    tm_inst *s = (tm_inst *)(intptr_t)h;
    put_narrow(&s->ports[port], (uint64_t)v);
    s->dirty = 1;
}

TM_EXPORT int64_t tm_peek(int64_t h, int32_t port) {
    tm_inst *s = (tm_inst *)(intptr_t)h;
    settle(s);
    return (int64_t)get_narrow(&s->ports[port]);
}

TM_EXPORT void tm_poke_wide(int64_t h, int32_t port, const int64_t *words) {
    tm_inst *s = (tm_inst *)(intptr_t)h;
    put_wide(&s->ports[port], words);
    s->dirty = 1;
}

TM_EXPORT void tm_peek_wide(int64_t h, int32_t port, int64_t *words) {
    tm_inst *s = (tm_inst *)(intptr_t)h;
    settle(s);
    get_wide(&s->ports[port], words);
}

TM_EXPORT void tm_step(int64_t h, int64_t n) {
    tm_inst *s = (tm_inst *)(intptr_t)h;
    for (int64_t i = 0; i < n; i++) {
        settle(s);
        edge(s);
    }
}

TM_EXPORT int64_t tm_cycle(int64_t h) { return (int64_t)((tm_inst *)(intptr_t)h)->cycle; }

/* One driven or captured port, resolved once per run so the cycle loop does no lookups. */
typedef struct plan {
    void *ptr;
    int32_t bytes;   /* 1, 2, 4, 8; 0 for wide */
    int32_t words;   /* 64-bit words in a row */
    uint64_t mask;
    const tm_port *port;
} plan;

static void make_plan(const tm_inst *s, const int32_t *idx, int32_t n, plan *out) {
    for (int32_t i = 0; i < n; i++) {
        const tm_port *p = &s->ports[idx[i]];
        out[i].ptr = p->ptr;
        out[i].bytes = p->bytes;
        out[i].words = words64(p);
        out[i].mask = mask_of(p->width);
        out[i].port = p;
    }
}

static inline const int64_t *drive(const plan *pl, int32_t n, const int64_t *row) {
    for (int32_t i = 0; i < n; i++, pl++) {
        switch (pl->bytes) {
        case 1: *(uint8_t *)pl->ptr = (uint8_t)((uint64_t)*row & pl->mask); break;
        case 2: *(uint16_t *)pl->ptr = (uint16_t)((uint64_t)*row & pl->mask); break;
        case 4: *(uint32_t *)pl->ptr = (uint32_t)((uint64_t)*row & pl->mask); break;
        case 8: *(uint64_t *)pl->ptr = (uint64_t)*row & pl->mask; break;
        default: put_wide(pl->port, row); break;
        }
        row += pl->words;
    }
    return row;
}

static inline int64_t *capture(const plan *pl, int32_t n, int64_t *row) {
    for (int32_t i = 0; i < n; i++, pl++) {
        switch (pl->bytes) {
        case 1: *row = *(const uint8_t *)pl->ptr; break;
        case 2: *row = *(const uint16_t *)pl->ptr; break;
        case 4: *row = *(const uint32_t *)pl->ptr; break;
        case 8: *row = (int64_t)*(const uint64_t *)pl->ptr; break;
        default: get_wide(pl->port, row); break;
        }
        row += pl->words;
    }
    return row;
}

/* Runs up to max_cycles cycles in one call. Row r of `inputs` (in_words longs, ports in the order
 * of in_ports, each port ceil(width/64) longs) drives cycle r; cycles past the last row hold it.
 * Each cycle's settled outputs go to row c of `outputs`. After each cycle's capture the stop
 * conditions are tested (op 0: ==, 1: !=, on narrow ports); the first that holds ends the run
 * after that cycle's clock edge, and its index is written to status[0] (-1 if none fired).
 * Returns the number of cycles run, or -1 when out of memory. */
TM_EXPORT int64_t tm_run(int64_t h,
                         const int32_t *in_ports, int32_t n_in, const int64_t *inputs, int64_t rows,
                         const int32_t *out_ports, int32_t n_out, int64_t *outputs,
                         int64_t max_cycles,
                         const int32_t *cond_ports, const int32_t *cond_ops, const int64_t *cond_values,
                         int32_t n_cond, int32_t *status) {
    tm_inst *s = (tm_inst *)(intptr_t)h;
    status[0] = -1;
    plan *pin = malloc(sizeof(plan) * (size_t)(n_in + n_out + 1));
    if (!pin) return -1;
    plan *pout = pin + n_in;
    make_plan(s, in_ports, n_in, pin);
    make_plan(s, out_ports, n_out, pout);
    int32_t in_words = 0, out_words = 0;
    for (int32_t i = 0; i < n_in; i++) in_words += pin[i].words;
    for (int32_t i = 0; i < n_out; i++) out_words += pout[i].words;
    int64_t c = 0;
    while (c < max_cycles) {
        if (c < rows) {
            drive(pin, n_in, inputs + c * in_words);
            s->dirty = 1;
        }
        settle(s);
        if (n_out) capture(pout, n_out, outputs + c * out_words);
        int32_t fired = -1;
        for (int32_t k = 0; k < n_cond; k++) {
            uint64_t v = get_narrow(&s->ports[cond_ports[k]]);
            int eq = v == (uint64_t)cond_values[k];
            if (cond_ops[k] == 0 ? eq : !eq) { fired = k; break; }
        }
        edge(s);
        c++;
        if (fired >= 0) { status[0] = fired; break; }
    }
    free(pin);
    return c;
}

TM_EXPORT int32_t tm_vcd_open(int64_t h, const char *path) {
    tm_inst *s = (tm_inst *)(intptr_t)h;
    int32_t r = s->vcd_open(s, path);
    if (r == 0) s->dirty = 1; /* dump the current state at the next settle */
    return r;
}

TM_EXPORT void tm_vcd_close(int64_t h) {
    tm_inst *s = (tm_inst *)(intptr_t)h;
    settle(s);
    s->vcd_close(s);
}

/* dpa_libc.h on the cluster. */
#include "dpa.h"
#include "dpa_libc.h"

/* Eight bytes at a time, as the DPA's own library fills and copies word-wise: a copy through the
 * window to host memory pays the host's latency per access, and a handler's set-up clears its
 * tables with memset. */
typedef uint64_t __attribute__((may_alias)) dpa_libc_word;

/* Whole words once the destination is aligned. */
void *memset(void *d, int c, size_t n)
{
    unsigned char *p = d;
    for (; n > 0 && ((uintptr_t)p & 7u) != 0; n--) *p++ = (unsigned char)c;
    dpa_libc_word w = (unsigned char)c * 0x0101010101010101ull;
    for (; n >= 8; n -= 8, p += 8) *(dpa_libc_word *)(void *)p = w;
    while (n--) *p++ = (unsigned char)c;
    return d;
}

/* Whole words when both ends are aligned. */
void *memcpy(void *d, const void *s, size_t n)
{
    unsigned char *p = d;
    const unsigned char *q = s;
    if ((((uintptr_t)p | (uintptr_t)q) & 7u) == 0) {
        for (; n >= 8; n -= 8, p += 8, q += 8) *(dpa_libc_word *)(void *)p = *(const dpa_libc_word *)(const void *)q;
    }
    while (n--) *p++ = *q++;
    return d;
}

void *memmove(void *d, const void *s, size_t n)
{
    unsigned char *p = d;
    const unsigned char *q = s;
    if (p < q) while (n--) *p++ = *q++;
    else while (n--) p[n] = q[n];
    return d;
}

#define DPA_HEAP_BYTES (10u << 20)
static unsigned char dpa_heap[DPA_HEAP_BYTES] __attribute__((aligned(64)));
static size_t dpa_heap_used;

void *calloc(size_t n, size_t size)
{
    size_t bytes = (n * size + 63u) & ~(size_t)63u;
    if (bytes > DPA_HEAP_BYTES - dpa_heap_used) {
        dpa_puts("out of memory\n");
        dpa_exit(3);
    }
    void *p = dpa_heap + dpa_heap_used;
    dpa_heap_used += bytes;
    return p;
}

void dpa_put_u(uint64_t v)
{
    char b[24];
    int n = 0;
    do { b[n++] = (char)('0' + v % 10u); v /= 10u; } while (v);
    while (n) dpa_putchar(b[--n]);
}

void dpa_put_i(int64_t v)
{
    if (v < 0) { dpa_putchar('-'); dpa_put_u((uint64_t)0 - (uint64_t)v); } else dpa_put_u((uint64_t)v);
}

void dpa_put_x(uint64_t v)
{
    for (int s = 60; s >= 0; s -= 4) dpa_putchar("0123456789abcdef"[(v >> s) & 15u]);
}

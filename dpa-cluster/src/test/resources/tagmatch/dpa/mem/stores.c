/* What a thread's stores cost it (mcycle around them, less the same code with no store): a burst
 * of 4 stores to distinct lines, the fence after it, and a burst of 12. Printed as
 * "four F fence D twelve T". Hart 1 parks. */
#include <stdint.h>

#include "dpa.h"

static uint64_t lines[16][8] __attribute__((aligned(64)));

static void put_u(uint64_t v)
{
    char buf[24];
    int n = 0;
    do buf[n++] = (char)('0' + v % 10u); while ((v /= 10u) != 0);
    while (n) dpa_putchar(buf[--n]);
}

/* Cycles of n stores (none when !store), and of the fence right after them in *fence. */
static __attribute__((noinline)) uint64_t burst(int n, int store, uint64_t *fence)
{
    uint64_t t0 = dpa_cycles();
    for (int i = 0; i < n; i++) {
        if (store) *(volatile uint64_t *)&lines[i][0] = (uint64_t)i;
        else __asm__ volatile("" ::: "memory");
    }
    uint64_t t1 = dpa_cycles();
    __asm__ volatile("fence rw, rw" ::: "memory");
    *fence = dpa_cycles() - t1;
    return t1 - t0;
}

int main(unsigned long hart)
{
    if (hart != 0) return 0;
    uint64_t f0, f1, f2;
    /* the code in the instruction cache, the lines in the L2, the buffer drained */
    burst(12, 1, &f0);
    burst(12, 0, &f0);
    uint64_t four = burst(4, 1, &f1) - burst(4, 0, &f0);
    uint64_t fence = f1 - f0;
    uint64_t twelve = burst(12, 1, &f2) - burst(12, 0, &f0);
    dpa_puts("four "); put_u(four);
    dpa_puts(" fence "); put_u(fence);
    dpa_puts(" twelve "); put_u(twelve);
    dpa_putchar('\n');
    return 0;
}

/* What one load costs hart 0 (on core 0) in each cache state, printed as cycles over a warm L1
   hit: a line nobody touched, the same line again, after hart 1 (on core 1) stored to it, after
   hart 0's own store, after hart 0's own AMO. Lines 64 bytes apart, each on its own line. */
#include "dpa.h"

static volatile unsigned long lines[8][8] __attribute__((aligned(64)));
static volatile unsigned long flag __attribute__((aligned(64)));

static void put_dec(long v) {
    char buf[24];
    int n = 0;
    unsigned long u = v < 0 ? -(unsigned long) v : (unsigned long) v;
    if (v < 0) dpa_putchar('-');
    do buf[n++] = (char) ('0' + u % 10); while ((u /= 10) != 0);
    while (n) dpa_putchar(buf[--n]);
}

static __attribute__((noinline)) unsigned long timed_load(volatile unsigned long *p) {
    unsigned long t0 = dpa_cycles();
    (void) *p;
    return dpa_cycles() - t0;
}

int main(unsigned long hart) {
    if (hart == 1) {
        while (flag != 1) {}
        lines[1][0] = 5;
        flag = 2;
        while (1) {}
    }
    if (hart != 0) return 0;
    timed_load(&lines[0][0]);                /* warms the instruction cache */
    timed_load(&lines[0][0]);
    unsigned long hit = timed_load(&lines[0][0]);
    unsigned long cold = timed_load(&lines[1][0]);
    unsigned long again = timed_load(&lines[1][0]);
    flag = 1;
    while (flag != 2) {}
    unsigned long remote = timed_load(&lines[1][0]);
    timed_load(&lines[2][0]);
    lines[2][0] = 7;
    unsigned long own_store = timed_load(&lines[2][0]);
    timed_load(&lines[3][0]);
    __atomic_fetch_add(&lines[3][0], 1, __ATOMIC_RELAXED);
    unsigned long own_amo = timed_load(&lines[3][0]);
    dpa_puts("cold ");
    put_dec((long) (cold - hit));
    dpa_puts(" again ");
    put_dec((long) (again - hit));
    dpa_puts(" remote ");
    put_dec((long) (remote - hit));
    dpa_puts(" own_store ");
    put_dec((long) (own_store - hit));
    dpa_puts(" own_amo ");
    put_dec((long) (own_amo - hit));
    dpa_putchar('\n');
    return 0;
}

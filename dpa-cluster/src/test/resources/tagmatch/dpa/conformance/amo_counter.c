/* Every hart adds 1 to one counter ROUNDS times with amoadd.d and to another with amoadd.w;
 * hart 0 waits for all and prints both totals. Exit 0 when they are HARTS * ROUNDS. */
#include "dpa.h"
/* HARTS: the harts started, given with -DHARTS=N */
#define ROUNDS 200
static unsigned long counter, done;
static unsigned int counter32;
static void put_u(unsigned long v) { char b[24]; int n = 0; do { b[n++] = (char)('0' + v % 10); v /= 10; } while (v); while (n) dpa_putchar(b[--n]); }
int main(unsigned long hart)
{
    for (int i = 0; i < ROUNDS; i++) {
        __atomic_fetch_add(&counter, 1, __ATOMIC_RELAXED);
        __atomic_fetch_add(&counter32, 1u, __ATOMIC_RELAXED);
    }
    __atomic_fetch_add(&done, 1, __ATOMIC_RELEASE);
    if (hart != 0) return 0;
    while (__atomic_load_n(&done, __ATOMIC_ACQUIRE) != HARTS) {}
    put_u(counter); dpa_putchar(' '); put_u(counter32); dpa_putchar('\n');
    return counter == HARTS * ROUNDS && counter32 == HARTS * ROUNDS ? 0 : 1;
}

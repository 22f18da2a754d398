/* A spin lock built from lr.w/sc.w guards a plain (non-atomic) read-modify-write of a shared
 * pair; every hart takes it ROUNDS times. Lost updates or a torn pair mean the lock failed. */
#include "dpa.h"
/* HARTS: the harts started, given with -DHARTS=N */
#define ROUNDS 100
static unsigned int lock;
static unsigned long a, b, done;
static void put_u(unsigned long v) { char s[24]; int n = 0; do { s[n++] = (char)('0' + v % 10); v /= 10; } while (v); while (n) dpa_putchar(s[--n]); }
static void acquire(void)
{
    unsigned int old, fail;
    do {
        __asm__ volatile("1: lr.w.aq %0, (%2)\n"
                         "   bnez %0, 1b\n"
                         "   sc.w %1, %3, (%2)\n"
                         : "=&r"(old), "=&r"(fail) : "r"(&lock), "r"(1u) : "memory");
    } while (fail);
}
static void release(void) { __asm__ volatile("amoswap.w.rl zero, zero, (%0)" : : "r"(&lock) : "memory"); }
int main(unsigned long hart)
{
    for (int i = 0; i < ROUNDS; i++) {
        acquire();
        unsigned long x = *(volatile unsigned long *)&a;
        *(volatile unsigned long *)&a = x + 1;
        *(volatile unsigned long *)&b = *(volatile unsigned long *)&b + 2;
        release();
    }
    __atomic_fetch_add(&done, 1, __ATOMIC_RELEASE);
    if (hart != 0) return 0;
    while (__atomic_load_n(&done, __ATOMIC_ACQUIRE) != HARTS) {}
    put_u(a); dpa_putchar(' '); put_u(b); dpa_putchar('\n');
    return a == HARTS * ROUNDS && b == 2 * HARTS * ROUNDS ? 0 : 1;
}

/* Every hart adds ROUNDS to a counter with amoadd.d and ROUNDS to a second one under an LR/SC
   spinlock; hart 0 waits for all HARTS, prints both and some M results, and exits 0 when
   everything is right (1 otherwise). */
#include "dpa.h"

#ifndef HARTS
#define HARTS 4
#endif
#define ROUNDS 50

static volatile long amo_counter;
static volatile int lock_word;
static volatile long locked_counter;
static volatile int arrived;

static void put_dec(long v) {
    char buf[24];
    int n = 0;
    unsigned long u = v < 0 ? -(unsigned long) v : (unsigned long) v;
    if (v < 0) dpa_putchar('-');
    do { buf[n++] = (char) ('0' + u % 10); u /= 10; } while (u);
    while (n) dpa_putchar(buf[--n]);
}

static void lock(void) {
    int expected;
    do {
        expected = 0;
    } while (!__atomic_compare_exchange_n(&lock_word, &expected, 1, 0, __ATOMIC_ACQUIRE, __ATOMIC_RELAXED));
}

static void unlock(void) { __atomic_store_n(&lock_word, 0, __ATOMIC_RELEASE); }

int main(unsigned long hart) {
    for (int i = 0; i < ROUNDS; i++) {
        __atomic_fetch_add(&amo_counter, 1, __ATOMIC_RELAXED);
        lock();
        locked_counter = locked_counter + 1;
        unlock();
    }
    __atomic_fetch_add(&arrived, 1, __ATOMIC_RELEASE);
    if (hart != 0) return 0;
    while (__atomic_load_n(&arrived, __ATOMIC_ACQUIRE) != HARTS) { }
    dpa_puts("amo ");
    put_dec(amo_counter);
    dpa_puts(" lock ");
    put_dec(locked_counter);
    volatile long a = -1234567, b = 89;
    dpa_puts(" div ");
    put_dec(a / b);
    dpa_puts(" rem ");
    put_dec(a % b);
    dpa_puts(" mul ");
    put_dec(a * b);
    dpa_putchar('\n');
    return amo_counter == (long) HARTS * ROUNDS && locked_counter == (long) HARTS * ROUNDS ? 0 : 1;
}

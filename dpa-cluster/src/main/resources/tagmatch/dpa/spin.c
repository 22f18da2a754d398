/* A speed workload: every hart runs N iterations of integer arithmetic on a stack array
   (multiplies, loads, stores, branches), then hart 0 waits for all HARTS and exits 0.
   SimulatorSpeed (tagmatch bench dpa) and the figure in docs/dpa.md (simulation speed) come from it. */
#include "dpa.h"
#ifndef HARTS
#define HARTS 32
#endif
#ifndef N
#define N 20000
#endif
static volatile int arrived;
static volatile long sink[HARTS * 8];
int main(unsigned long hart) {
    long buf[16];
    long acc = hart;
    for (int i = 0; i < 16; i++) buf[i] = i * hart;
    for (int i = 0; i < N; i++) {
        acc = acc * 3 + buf[i & 15];
        buf[(i + 3) & 15] ^= acc >> 7;
        if (acc & 1) acc += i; else acc -= hart;
    }
    sink[hart * 8] = acc;
    __atomic_fetch_add(&arrived, 1, __ATOMIC_RELEASE);
    if (hart != 0) return 0;
    while (__atomic_load_n(&arrived, __ATOMIC_ACQUIRE) != HARTS) { }
    return 0;
}

/* Exit code: the cycles one `pause` costs hart 0 more than one `nop`, both between mcycle reads. */
#include "dpa.h"
int main(unsigned long hart) {
    if (hart != 0) return 0;
    unsigned long t0 = dpa_cycles();
    dpa_pause();
    unsigned long t1 = dpa_cycles();
    __asm__ volatile("nop");
    unsigned long t2 = dpa_cycles();
    return (int) ((t1 - t0) - (t2 - t1));
}

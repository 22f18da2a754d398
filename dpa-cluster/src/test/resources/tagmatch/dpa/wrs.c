/* Hart 1 waits in wrs.nto for a flag that hart 0 sets 2000 cycles later. Exit code: the
 * instructions hart 1 retired while it waited, or 100 if it woke more than 200 cycles after the
 * store (or before it). */
#include "dpa.h"
static unsigned long flag, ack, woke, spent;
int main(unsigned long hart) {
    if (hart == 1) {
        unsigned long i0 = dpa_instret();
        while (dpa_load_reserved(&flag) == 0) dpa_wrs_nto();
        spent = dpa_instret() - i0;
        woke = dpa_cycles();
        __atomic_store_n(&ack, 1, __ATOMIC_RELEASE);
        return 0;
    }
    if (hart != 0) return 0;
    unsigned long t0 = dpa_cycles();
    while (dpa_cycles() - t0 < 2000) dpa_pause();
    unsigned long set = dpa_cycles();
    __atomic_store_n(&flag, 1, __ATOMIC_RELEASE);
    while (!__atomic_load_n(&ack, __ATOMIC_ACQUIRE)) dpa_pause();
    return woke < set || woke - set > 200 ? 100 : (int) spent;
}

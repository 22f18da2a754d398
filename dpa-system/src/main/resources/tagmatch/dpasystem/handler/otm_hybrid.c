/* otm_hybrid.c - the ALPUs with a hashed overflow: otm_alpu.c with ALPU_OVERFLOW_BINS bins for
 * the entries the units do not hold (see there). 1024 bins keep a bin near one entry at the
 * depths the bench tries (up to 1000 entries). */
#define ALPU_OVERFLOW_BINS 1024
#include "otm_alpu.c"

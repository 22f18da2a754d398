/* A single-hart loop long enough that a traced run spans several trace batches. */
#include "dpa.h"
static volatile long acc;
int main(unsigned long hart) {
    if (hart != 0) return 0;
    for (int i = 0; i < 4000; i++) acc = acc * 3 + i;
    return (int) (acc & 0x7f);
}

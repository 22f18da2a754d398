/* Touches host memory through the window a known number of times: LOADS loads (one of them a
 * byte), AMOS AMOs and STORES stores on the heap the layout block names, then exits with the
 * loaded sum's low byte so that no load is optimized away. */
#include <stdint.h>

#include "dpa.h"

int main(void)
{
    volatile uint64_t *heap = (volatile uint64_t *)(uintptr_t)HEAP;
    uint64_t sum = 0;
    for (int i = 0; i < STORES; i++) heap[i] = (uint64_t)i + 1u;
    for (int i = 0; i < AMOS; i++) __atomic_fetch_add(&heap[0], 2u, __ATOMIC_RELAXED);
    for (int i = 0; i < LOADS - 1; i++) sum += heap[i % 4];
    sum += *(volatile const uint8_t *)heap;
    return sum == 0 ? 1 : 0;
}

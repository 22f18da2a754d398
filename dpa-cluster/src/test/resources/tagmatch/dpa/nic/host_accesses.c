/* Touches host memory through the window a known number of times once the block is started
 * (it counts from GO on): LOADS loads (one of them a byte), AMOS AMOs and STORES stores on the
 * heap the layout block names, after one uncounted load before GO; then exits with the loaded
 * sum's low byte so that no load is optimized away. */
#include <stdint.h>

#include "dpa.h"
#include "nic.h"

int main(void)
{
    volatile uint64_t *heap = (volatile uint64_t *)(uintptr_t)HEAP;
    uint64_t sum = heap[1];
    nic_write(NIC_GO, 1);
    for (int i = 0; i < STORES; i++) heap[i] = (uint64_t)i + 1u;
    for (int i = 0; i < AMOS; i++) __atomic_fetch_add(&heap[0], 2u, __ATOMIC_RELAXED);
    for (int i = 0; i < LOADS - 1; i++) sum += heap[i % 4];
    sum += *(volatile const uint8_t *)heap;
    return sum == 0 ? 1 : 0;
}

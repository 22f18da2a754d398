/* Times one load of host memory before the driver starts the block (GO) and one after, each the
 * first touch of its line, and prints both: "before <cycles> after <cycles>". */
#include <stdint.h>

#include "dpa.h"
#include "nic.h"

static void put_u(unsigned long v)
{
    char d[20];
    int n = 0;
    do d[n++] = (char)('0' + v % 10u); while ((v /= 10u) != 0);
    while (n > 0) dpa_putchar(d[--n]);
}

static unsigned long timed_load(volatile const uint64_t *p, uint64_t *sum)
{
    unsigned long t0 = dpa_cycles();
    *sum += *p;
    __asm__ volatile("fence r, rw" ::: "memory");
    return dpa_cycles() - t0;
}

int main(void)
{
    volatile const uint64_t *heap = (volatile const uint64_t *)(uintptr_t)HEAP;
    uint64_t sum = 0;
    unsigned long before = timed_load(&heap[0], &sum);
    nic_write(NIC_GO, 1);
    unsigned long after = timed_load(&heap[64], &sum);
    dpa_puts("before ");
    put_u(before);
    dpa_puts(" after ");
    put_u(after);
    dpa_putchar('\n');
    return (int)(sum & 1u);
}

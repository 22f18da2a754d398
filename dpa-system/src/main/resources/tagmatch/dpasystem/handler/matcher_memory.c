/* matcher_memory.c - what the matcher built with this otm.h takes of DPA memory at run time: its
 * context (otm_ctx_bytes()) and what otm_init allocates besides (the ALPU driver's node pool and
 * tag tables). dpa_libc's calloc hands memory out in order in 64-byte granules, so the distance
 * between two one-byte allocations around otm_init, less one granule, is what otm_init took.
 * Hart 0 prints "M <context bytes> <bytes otm_init allocated>"; the other harts park at once. */
#include <stdint.h>
#include <stdlib.h>

#include "dpa.h"
#include "dpa_libc.h"
#include "otm.h"

int main(unsigned long hartid)
{
    if (hartid != 0) return 0;
    size_t ctx_bytes = otm_ctx_bytes();
    otm_ctx *ctx = calloc(1, ctx_bytes);
    unsigned char *before = calloc(1, 1);
    if (otm_init(ctx) != OTM_OK) {
        dpa_puts("otm_init failed\n");
        return 2;
    }
    unsigned char *after = calloc(1, 1);
    dpa_puts("M ");
    dpa_put_u(ctx_bytes);
    dpa_putchar(' ');
    dpa_put_u((uint64_t)(after - before) - 64u);
    dpa_putchar('\n');
    return 0;
}

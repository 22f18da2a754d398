/* Hart h (h >= 1) writes a block of data, a fence, then its flag; hart 0 waits for each flag,
 * fences and checks the data: message passing with fences, every hart a producer. */
#include "dpa.h"
/* HARTS: the harts started, given with -DHARTS=N */
#define WORDS 32
#define MAX_HARTS 256
static unsigned long data[MAX_HARTS][WORDS];
static unsigned long flag[MAX_HARTS];
int main(unsigned long hart)
{
    if (hart != 0) {
        for (int i = 0; i < WORDS; i++) ((volatile unsigned long *)data[hart])[i] = hart * 1000 + (unsigned long)i;
        __asm__ volatile("fence w, w" ::: "memory");
        *(volatile unsigned long *)&flag[hart] = 1;
        return 0;
    }
    unsigned long bad = 0;
    for (unsigned long h = 1; h < HARTS; h++) {
        while (*(volatile unsigned long *)&flag[h] == 0) {}
        __asm__ volatile("fence r, r" ::: "memory");
        for (int i = 0; i < WORDS; i++) if (((volatile unsigned long *)data[h])[i] != h * 1000 + (unsigned long)i) bad++;
    }
    dpa_puts(bad == 0 ? "all messages intact\n" : "a message arrived torn\n");
    return bad == 0 ? 0 : 1;
}

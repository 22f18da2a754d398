/* mailbox.c - two harts through MailboxDevice: hart 1 stores 1..N into the mailbox (stores
 * refused while it is full replay by themselves), hart 0 takes them and checks their order; then
 * a byte store merges into the plain register, and a load just past the window faults. */
#include <stdint.h>
#include "dpa.h"

#define BOX ((volatile uint64_t *)0x11000000u)
#define N 50

int main(uint64_t hart)
{
    if (hart == 1) {
        for (uint64_t i = 1; i <= N; i++) BOX[0] = i;
        for (;;) dpa_pause();
    }
    uint64_t sum = 0;
    for (uint64_t want = 1; want <= N; want++) {
        uint64_t v;
        while (!((v = BOX[0]) >> 63)) dpa_pause();
        if ((v & ~(1ull << 63)) != want) return 3;
        sum += v & ~(1ull << 63);
    }
    BOX[1] = 0x1122334455667788ull;
    ((volatile uint8_t *)&BOX[1])[2] = 0xAB;
    if (BOX[1] != 0x1122334455AB7788ull) return 4;
    if (BOX[2] == 0) return 5;   /* hart 1 outran hart 0 at least once */
    dpa_puts(sum == N * (N + 1) / 2 ? "sum ok\n" : "sum bad\n");
    return (int)BOX[4];          /* past the 32-byte window: an access fault */
}

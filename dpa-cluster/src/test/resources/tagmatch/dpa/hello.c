/* hello + exit code: prints a line and ends the run with exit code 42. */
#include "dpa.h"

int main(unsigned long hart) {
    if (hart != 0) return 0;
    dpa_puts("hello from the DPA\n");
    return 42;
}

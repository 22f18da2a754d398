/* tagmatch: the VL_PRINTF of every Verilator runtime; see tm_print.h. */
#include <cstdio>
#include "tm_print.h"

tm_print_sink tm_print_to = nullptr;

int tm_vl_printf(const char *format, ...) {
    va_list args;
    va_start(args, format);
    int n = tm_print_to ? tm_print_to(format, args) : std::vprintf(format, args);
    va_end(args);
    return n;
}

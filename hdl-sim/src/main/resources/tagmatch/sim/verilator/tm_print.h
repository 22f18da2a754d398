/* tagmatch: where Verilator's text goes. Every Verilator runtime, model and shim source is compiled
 * with -include tm_print.h -DVL_PRINTF=tm_vl_printf, so $write/$display output and Verilator's own
 * messages reach tm_print_to (set by a design's shim, which hands the text to Java) instead of the
 * process's standard output. Without a sink (a stand-alone C++ harness) the text goes to stdout. */
#ifndef TM_PRINT_H
#define TM_PRINT_H
#include <cstdarg>

typedef int (*tm_print_sink)(const char *format, va_list args);
extern tm_print_sink tm_print_to;
int tm_vl_printf(const char *format, ...);

#endif

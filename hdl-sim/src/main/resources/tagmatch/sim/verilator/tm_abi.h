/* tagmatch simulation ABI: the layout shared by the generic runtime (tm_runtime.c) and every
 * generated design shim. A design library exports one symbol, tm_create, returning a tm_inst*;
 * everything else goes through the function pointers below, so one JNA-bound runtime drives any
 * number of designs and instances in the same process. */
#ifndef TM_ABI_H
#define TM_ABI_H
#include <stdint.h>

#define TM_ABI_VERSION 1

typedef struct tm_port {
    void *ptr;       /* the Verilated port variable */
    int32_t width;   /* bits */
    int32_t bytes;   /* 1, 2, 4 or 8 for narrow ports; 0 for wide ports (32-bit word arrays) */
    int32_t words32; /* wide ports: number of 32-bit words */
    int32_t input;   /* 1 for inputs */
} tm_port;

typedef struct tm_inst tm_inst;
struct tm_inst {
    int32_t abi;
    int32_t nports;
    tm_port *ports;
    uint8_t *clk;    /* NULL for a design without clock */
    void (*eval)(tm_inst *self, uint64_t dump_time); /* eval, then dump the trace when one is open */
    void (*destroy)(tm_inst *self);
    int32_t (*vcd_open)(tm_inst *self, const char *path); /* 0 ok, -1 not compiled with trace */
    void (*vcd_close)(tm_inst *self);
    int32_t dirty;   /* inputs changed (or clock fell) since the last eval */
    uint64_t cycle;  /* completed clock cycles */
};

#endif

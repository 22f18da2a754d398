/* alpu.h - the two ALPUs on the cluster's interconnect (AlpuBusDevice, AlpuUnits): memory-mapped
 * request, command and response queues. A store to a full queue is refused by the bus and the
 * hart replays it, so a push never needs a check; a response is polled. */
#ifndef ALPU_H
#define ALPU_H

#include <stdint.h>

#define ALPU_PRQ_BASE 0x11000000u
#define ALPU_UMQ_BASE 0x11001000u

#define ALPU_REQ_MASK  0x00u
#define ALPU_REQ       0x08u
#define ALPU_CMD_MATCH 0x10u
#define ALPU_CMD_MASK  0x18u
#define ALPU_CMD       0x20u
#define ALPU_RSP       0x28u
#define ALPU_STATUS    0x30u
#define ALPU_INFO      0x38u

/* cmd_op and rsp_kind codes of the datasheet */
#define ALPU_START_INSERT 0u
#define ALPU_INSERT       1u
#define ALPU_STOP_INSERT  2u
#define ALPU_RESET        3u
#define ALPU_MATCH_SUCCESS 0u
#define ALPU_MATCH_FAILURE 1u
#define ALPU_START_ACK     2u

static inline volatile uint64_t *alpu_reg(uintptr_t base, uintptr_t off) { return (volatile uint64_t *)(base + off); }

/* A match request: key (and, on the UMQ, its wildcard bits: 1 = ignore). */
static inline void alpu_request(uintptr_t base, uint64_t key, uint64_t mask)
{
    if (base == ALPU_UMQ_BASE) *alpu_reg(base, ALPU_REQ_MASK) = mask;
    *alpu_reg(base, ALPU_REQ) = key;
}

static inline void alpu_command(uintptr_t base, uint32_t op, uint64_t match, uint64_t mask, uint32_t tag)
{
    if (op == ALPU_INSERT) {
        *alpu_reg(base, ALPU_CMD_MATCH) = match;
        if (base == ALPU_PRQ_BASE) *alpu_reg(base, ALPU_CMD_MASK) = mask;
    }
    *alpu_reg(base, ALPU_CMD) = (uint64_t)tag << 32 | op;
}

/* The next response, waiting for it: valid << 63 | kind << 48 | free << 32 | tag. */
static inline uint64_t alpu_response(uintptr_t base)
{
    uint64_t r;
    while (!((r = *alpu_reg(base, ALPU_RSP)) >> 63)) { }
    return r;
}

static inline uint32_t alpu_kind(uint64_t rsp) { return (uint32_t)(rsp >> 48) & 3u; }
static inline uint32_t alpu_free(uint64_t rsp) { return (uint32_t)(rsp >> 32) & 0xFFFFu; }
static inline uint32_t alpu_tag(uint64_t rsp) { return (uint32_t)rsp; }
static inline uint32_t alpu_cells(uintptr_t base) { return (uint32_t)(*alpu_reg(base, ALPU_INFO) & 0xFFFFu); }
static inline uint32_t alpu_match_width(uintptr_t base) { return (uint32_t)(*alpu_reg(base, ALPU_INFO) >> 16) & 0xFFu; }
static inline uint32_t alpu_occupancy(uintptr_t base) { return (uint32_t)*alpu_reg(base, ALPU_STATUS); }
static inline int alpu_error(uintptr_t base) { return (int)(*alpu_reg(base, ALPU_STATUS) >> 33) & 1; }

#endif

/* Work requests on the NIC's send queues (nic.h, "work requests"), as the handler posts them.
 * Hart 0 lays out two send queues and their CQs, then posts an RDMA read of 37 bytes on queue 1
 * and an RDMA write of 13 bytes from DPA memory on queue 0, in that order. The write must
 * complete first (the read waits for the wire; queue 0 goes on meanwhile) and the read at
 * least WIRE cycles after its doorbell; no byte past either count may change. Exit code 0, or
 * the number of the first check that failed. With BAD = 1..5 it posts one WQE or doorbell the
 * NIC must refuse (opcode, length, key, doorbell, alignment) and waits: the run stops there. */
#include <stdint.h>

#include "dpa.h"
#include "nic.h"

#define SQ_LOG 2u
#define SQS 2u
#define MASK ((1u << SQ_LOG) - 1u)
#define KEY 1u
#ifndef BAD
#define BAD 0
#endif

struct cqe { uint32_t reserved0[11]; uint32_t byte_cnt; uint32_t reserved1[3]; uint16_t wqe_counter; uint8_t signature; uint8_t op_own; };

static uint64_t sq[SQS][1u << SQ_LOG][8] __attribute__((aligned(64)));
static struct cqe scq[SQS][1u << SQ_LOG] __attribute__((aligned(64)));
static uint64_t payload[3] = {0x0807060504030201ull, 0x100f0e0d0c0b0a09ull, 0x1817161514131211ull};

static void post(uint32_t q, uint32_t pi, uint32_t opcode, uint64_t raddr, uint32_t rkey, uint32_t n, uint32_t lkey, uint64_t laddr)
{
    uint64_t *w = sq[q][pi & MASK];
    w[0] = opcode | (uint64_t)(pi & 0xFFFFu) << 8 | (uint64_t)(q << 8 | 3u) << 32;
    w[1] = 1ull << NIC_WQE_CE_BIT;
    w[2] = raddr;
    w[3] = rkey;
    w[4] = n | (uint64_t)lkey << 32;
    w[5] = laddr;
    __atomic_thread_fence(__ATOMIC_RELEASE);
    nic_write(NIC_SQ_DB, (uint64_t)q << 32 | (pi + 1u));
}

static int completed(uint32_t q, uint32_t i)
{
    return (*(volatile const uint8_t *)&scq[q][i & MASK].op_own & 1u) == ((i >> SQ_LOG) & 1u);
}

int main(unsigned long hart)
{
    if (hart != 0) return 0;
    const volatile struct nic_host_layout *h = NIC_LAYOUT;
    if (h->magic != NIC_LAYOUT_MAGIC) return 100;
    for (uint32_t q = 0; q < SQS; q++)
        for (uint32_t i = 0; i <= MASK; i++) scq[q][i].op_own = 1u;
    nic_write(NIC_SQ_RING, (uint64_t)(uintptr_t)sq);
    nic_write(NIC_SQ_CQ, (uint64_t)(uintptr_t)scq);
    nic_write(NIC_SQ_LOG, SQ_LOG);
    nic_write(NIC_SQ_COUNT, SQS);
    uint64_t heap = h->heap;
    volatile uint8_t *a = (volatile uint8_t *)(uintptr_t)heap, *b = a + 64, *c = a + 128;
    for (int i = 0; i < 48; i++) {
        a[i] = 0xAA;
        b[i] = (uint8_t)(3 * i + 1);
        c[i] = 0x55;
    }
    uint64_t pay = (uint64_t)(uintptr_t)payload;
    switch (BAD) {
    case 1: post(0, 0, 0x2A, heap, KEY, 8, KEY, pay); break;
    case 2: post(0, 0, NIC_OPCODE_RDMA_WRITE, NIC_HOST_BASE + HOST_BYTES - 8u, KEY, 16, KEY, pay); break;
    case 3: post(1, 0, NIC_OPCODE_RDMA_READ, heap + 64, 0, 8, KEY, heap); break;
    case 4: nic_write(NIC_SQ_DB, (uint64_t)SQS << 32 | 1u); break;
    case 5: post(0, 0, NIC_OPCODE_RDMA_WRITE, heap, KEY, 8, KEY, pay + 4u); break;
    default: break;
    }
    if (BAD != 0) for (;;) dpa_pause();

    uint64_t t0 = dpa_cycles();
    post(1, 0, NIC_OPCODE_RDMA_READ, heap + 64, KEY, 37, KEY, heap + 128);
    post(0, 0, NIC_OPCODE_RDMA_WRITE, heap, KEY, 13, KEY, pay);
    while (!completed(0, 0)) dpa_pause();
    if (completed(1, 0)) return 1;  /* the read held queue 0 back */
    while (!completed(1, 0)) dpa_pause();
    if (dpa_cycles() - t0 < WIRE) return 2;
    if (scq[0][0].byte_cnt != 13 || scq[0][0].wqe_counter != 0 || scq[1][0].byte_cnt != 37 || scq[1][0].wqe_counter != 0) return 3;
    for (int i = 0; i < 48; i++) {
        if (a[i] != (i < 13 ? ((const uint8_t *)payload)[i] : 0xAA)) return 4;
        if (c[i] != (i < 37 ? (uint8_t)(3 * i + 1) : 0x55)) return 5;
    }
    if (nic_read(NIC_WQES) != 2) return 6;
    /* a second pass of queue 0 wraps its ring and CQ: owner bits flip */
    for (uint32_t i = 1; i <= 2u * (MASK + 1u); i++) {
        post(0, i, NIC_OPCODE_RDMA_WRITE, heap + 8u * (i % 4u), KEY, 8, KEY, pay);
        while (!completed(0, i)) dpa_pause();
        if (scq[0][i & MASK].wqe_counter != (uint16_t)i) return 7;
    }
    return 0;
}

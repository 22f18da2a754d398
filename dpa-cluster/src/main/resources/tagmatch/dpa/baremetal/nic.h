/* The tagmatch DPA cluster's NIC and host block as C (docs/dpa.md, "The NIC and host block").
 *
 * The block sits on the cluster's interconnect and uses no hart. It plays the NIC (it lands each
 * message of its script in a receive buffer in DPA memory, then completes an entry on the message
 * CQ with its owner bit) and host software (it writes commands into the command ring in host
 * memory and completes an entry on the command CQ; it takes the handler's to-host entries into a
 * log). Its script and the log live in host memory, which the harts reach only through the
 * window: host address = cluster address, in [NIC_HOST_BASE, NIC_HOST_BASE + host bytes), host
 * bytes equal to the cluster's RAM (--ram-mib).
 *
 * The layouts are those of otm_dpa_handler.h and flexio_dev_host.h: a CQ is a ring of 64-byte
 * struct flexio_dev_cqe64 (byte_cnt at byte 44, wqe_counter at 60, op_own at 63, its bit 0 the
 * owner bit the producer writes as (index >> log) & 1, so a ring starts with every owner bit 1);
 * the consumer index is published by a store to the CQ's doorbell register. */
#ifndef NIC_H
#define NIC_H

#include <stdint.h>

/* ---------------------------------------------------------------- addresses */

#define NIC_REGS_BASE 0x10010000UL  /* 4 KiB of registers, below */
#define NIC_HOST_BASE 0x40000000UL  /* host memory, as many bytes as the cluster's RAM */

/* Registers: 64 bits each, 8-byte aligned; ld/sd, or lw/sw on the low half (a sw leaves the high
 * half as it was). Atomics and LR/SC here are access faults; offsets past NIC_WAIT_END read 0 and
 * ignore stores. Written by the driver before NIC_GO, except the doorbells and arms, which the
 * handler's device calls store. */
#define NIC_MSG_CQ     0x000u  /* DPA address of the message CQ ring (64-byte aligned) */
#define NIC_MSG_LOG    0x008u  /* log2 of its depth (1..16); also the number of receive buffers */
#define NIC_RQ         0x010u  /* DPA address of receive buffer 0 (8-byte aligned) */
#define NIC_RQ_STRIDE  0x018u  /* bytes from one receive buffer to the next (sizeof(otm_wire_msg)) */
#define NIC_CMD_CQ     0x020u  /* DPA address of the command CQ ring */
#define NIC_CMD_LOG    0x028u  /* log2 of its depth (1..16); also the command ring's entries */
#define NIC_CMD_RING   0x030u  /* host address of the command ring */
#define NIC_CMD_STRIDE 0x038u  /* bytes per command (sizeof(otm_cmd_entry)) */
#define NIC_TH_RING    0x040u  /* host address of the to-host ring */
#define NIC_TH_LOG     0x048u  /* log2 of its entries (0..30) */
#define NIC_TH_STRIDE  0x050u  /* bytes per to-host entry (sizeof(otm_to_host)) */
#define NIC_TH_CONS    0x058u  /* DPA address of the uint64_t count of entries taken */
#define NIC_SCRIPT     0x060u  /* host address of the script (below) */
#define NIC_LOG        0x068u  /* host address of the log */
#define NIC_LOG_WORDS  0x070u  /* words of each to-host entry the log keeps (1..32; 17: all of it) */
#define NIC_EVENT      0x078u  /* DPA address of the event word (8-byte aligned; 0: no events) */
#define NIC_GO         0x080u  /* store 1: start the script (once; later stores are ignored) */
#define NIC_MSG_DBR    0x088u  /* doorbell: the message CQ's consumer index (uint32_t store) */
#define NIC_CMD_DBR    0x090u  /* doorbell: the command CQ's consumer index */
#define NIC_MSG_ARM    0x098u  /* store ci: arm the message CQ (flexio_dev_cq_arm with cq_num 0) */
#define NIC_CMD_ARM    0x0A0u  /* store ci: arm the command CQ (cq_num 1) */
#define NIC_SQ_RING    0x0A8u  /* DPA address of send queue 0's ring; queue q's is q << (NIC_SQ_LOG + 6) further */
#define NIC_SQ_CQ      0x0B0u  /* DPA address of send queue 0's completion ring; queue q's likewise */
#define NIC_SQ_LOG     0x0B8u  /* log2 of each send queue's and its CQ's depth (0..8) */
#define NIC_SQ_COUNT   0x0C0u  /* send queues served (0..256; qpn 0 .. count - 1) */
#define NIC_SQ_DB      0x0C8u  /* doorbell: store (uint64_t)qpn << 32 | sq_pi (flexio_dev_qp_sq_ring_db) */
/* Read-only counters (loads; stores are ignored). */
#define NIC_LANDED     0x0D0u  /* messages landed (message CQ producer index) */
#define NIC_COMMANDS   0x0D8u  /* commands landed (command CQ producer index) */
#define NIC_TAKEN      0x0E0u  /* to-host entries taken into the log */
#define NIC_EVENTS     0x0E8u  /* events raised (the value last stored to the event word) */
#define NIC_STALLS     0x0F0u  /* cycles a due message or command waited for ring room */
#define NIC_FIRST_CQE  0x0F8u  /* cycle the first message's CQE landed (0: none yet) */
#define NIC_LAST_TAKE  0x100u  /* cycle the last to-host entry was taken (0: none yet) */
#define NIC_DONE       0x108u  /* 1 once the script reached its end; 2: it stopped at an unknown op */
#define NIC_WAIT_END   0x110u  /* cycle the last WAIT record was satisfied (0: none yet) */
#define NIC_WQES       0x118u  /* work requests executed */
#define NIC_WQE_ERROR  0x120u  /* 0, or the first refused work request or doorbell (below) */

#define NIC_MSG_CQN 0u  /* cq_num of the message CQ */
#define NIC_CMD_CQN 1u  /* cq_num of the command CQ */

/* Events. flexio_dev_cq_arm(ci, cqn) is a store of ci to NIC_MSG_ARM or NIC_CMD_ARM. If the CQ's
 * producer index already differs from ci the NIC raises an event at once, otherwise at the
 * CQ's next completion (then the arm is spent). Raising an event stores the number of events
 * raised so far (1, 2, ...) to the event word in DPA memory, after the completion's owner byte:
 * a sleeping thread reserves the word (dpa_load_reserved), compares and waits in dpa_wrs_nto. */

/* ---------------------------------------------------------------- what the NIC writes */

/* A completion: the NIC writes the 64-byte entry's 8-byte words 5 and 7, in that order, after
 * the receive buffer or command it names:
 *   word 5 (bytes 40..47) = (uint64_t)byte_cnt << 32
 *   word 7 (bytes 56..63) = (uint64_t)owner << 56 | (uint64_t)wqe_counter << 32
 * wqe_counter is the producer index (mod 2^16); the entry is ring[index & mask], the receive
 * buffer NIC_RQ + (index & mask) * NIC_RQ_STRIDE, the command NIC_CMD_RING + (index & mask) *
 * NIC_CMD_STRIDE. Before landing entry index the NIC waits until index - ci < depth, ci being
 * the last value stored to the CQ's doorbell (uint32_t arithmetic). Every other byte of the
 * ring stays as the driver left it: the driver sets every op_own to 1 before NIC_GO. */
#define NIC_CQE_BYTES       64u
#define NIC_CQE_BYTE_CNT    44u
#define NIC_CQE_WQE_COUNTER 60u
#define NIC_CQE_OP_OWN      63u

/* ---------------------------------------------------------------- work requests */

/* Send queue q is a ring of 2^NIC_SQ_LOG 64-byte WQEs in DPA memory; the handler writes WQE
 * sq_pi there, then stores qpn << 32 | (sq_pi + 1) to NIC_SQ_DB. The NIC serves the queues in
 * turn, each in order, one WQE at a time; it reads a WQE's first six words from DPA memory
 * (flexio_dev_host.h's segments, in the CPU's byte order):
 *   word 0  ctrl: opcode (bits 7..0), wqe index (23..8), qpn << 8 | ds (63..32)
 *   word 1  ctrl: bit NIC_WQE_CE_BIT set: complete it on the queue's CQ
 *   word 2  rdma: remote address        word 3  rdma: rkey (bits 31..0)
 *   word 4  data: byte count (31..0), lkey (63..32)     word 5  data: local address
 * NIC_OPCODE_RDMA_WRITE copies byte-count bytes from the local address (DPA or host memory) to
 * the remote one (host memory); NIC_OPCODE_RDMA_READ from the remote address (host memory
 * standing for the sender's: its first word comes the cluster's wire latency later, the queue
 * meanwhile waits and the others go on) to the local one (host memory). Either moves 8 bytes a
 * cycle; the last word is merged, so no byte past the count changes. Addresses are 8-byte
 * aligned. A completion is written as the message CQ's (words 5 and 7, wqe_counter = the WQE's
 * index, owner bit = (cq index >> NIC_SQ_LOG) & 1). The CQ has the queue's depth and one entry
 * per WQE asked to complete, so it has no doorbell. The first WQE or doorbell the NIC refuses
 * stops every queue and is kept in NIC_WQE_ERROR:
 *   (uint64_t)reason << 56 | (uint64_t)qpn << 32 | wqe index */
#define NIC_WQE_BYTES         64u
#define NIC_WQE_CE_BIT        27u
#define NIC_OPCODE_RDMA_WRITE 0x08u
#define NIC_OPCODE_RDMA_READ  0x10u
#define NIC_ERR_OPCODE   1u  /* an opcode the NIC does not know */
#define NIC_ERR_LENGTH   2u  /* an address, or its byte count, past its memory */
#define NIC_ERR_KEY      3u  /* key 0, which names no region */
#define NIC_ERR_DOORBELL 4u  /* a doorbell past the queues, or more WQEs than the queue holds */
#define NIC_ERR_ALIGN    5u  /* an address not 8-byte aligned */

/* To-host entries: while the entry at position `taken` of the to-host ring (NIC_TH_RING +
 * (taken mod 2^th_log) * NIC_TH_STRIDE) has its first word (otm_to_host.stamp) equal to
 * taken + 1, the NIC copies its first NIC_LOG_WORDS words to NIC_LOG + taken * NIC_LOG_WORDS
 * * 8, then writes taken + 1 into DPA memory at NIC_TH_CONS: host software returns the ring's
 * credits to the handler with an RDMA write, so the handler learns them without a load across
 * PCIe. The runner reads the log back after the run. */

/* ---------------------------------------------------------------- the script */

/* A sequence of records in host memory, each a 64-bit header word and `n` words after it:
 *   header = (uint64_t)arg << 32 | n << 8 | op        (n: 0..255)
 * The NIC runs them in order, one at a time, and takes to-host entries whenever it waits. */
#define NIC_OP_END  0u  /* the script is over; the NIC goes on taking to-host entries */
#define NIC_OP_MSG  1u  /* a message: the n words (an otm_wire_msg) into the next receive
                           buffer, then a completion on the message CQ with byte_cnt = arg.
                           It lands when due (NIC_OP_GAP) and when the ring has room. */
#define NIC_OP_CMD  2u  /* a host command: the n words (an otm_cmd_entry) into the next command
                           ring entry in DPA memory (a send on the command queue pair), then a
                           completion on the command CQ with byte_cnt = arg */
#define NIC_OP_HOST 3u  /* host memory: the word after the header is a host address (8-byte
                           aligned), the n words after it are written there (a receive's
                           descriptor before its post, for example) */
#define NIC_OP_GAP  4u  /* from here on, message k + 1 is due arg cycles after message k was
                           due (the next message is due at once); 0, the start: as fast as the
                           ring allows */
#define NIC_OP_WAIT 5u  /* wait until at least arg to-host entries have been taken in all */
#define NIC_OP_DELAY 6u /* the next message is due no earlier than arg cycles from now (a
                           round trip before it, say); commands still go at once */

static inline uint64_t nic_record(uint32_t op, uint32_t n, uint32_t arg) {
    return (uint64_t)arg << 32 | (uint64_t)(n & 0xFFu) << 8 | (op & 0xFFu);
}

/* ---------------------------------------------------------------- host memory layout */

/* The runner writes this block at NIC_HOST_BASE before the run: where it put the host side of
 * the queues, the script and the log. The driver reads it through the window (it is host
 * memory) to fill otm_dpa_setup and the NIC's registers (nic_start below). */
#define NIC_LAYOUT_MAGIC 0x4e49434c41594f54UL  /* "NICLAYOT" */
struct nic_host_layout {
    uint64_t magic;        /* NIC_LAYOUT_MAGIC */
    uint64_t cmd_log;      /* the command ring's and CQ's depth (otm_dpa_setup.cmd_log) */
    uint64_t th_ring;      /* host address, 1 << th_log entries of th_stride bytes */
    uint64_t th_log;
    uint64_t script;       /* host address of the script */
    uint64_t log;          /* host address of the log */
    uint64_t log_words;
    uint64_t heap;         /* first host byte the runner left free for the driver (64-aligned) */
};

#define NIC_LAYOUT ((const volatile struct nic_host_layout *)NIC_HOST_BASE)

static inline void nic_write(uint32_t reg, uint64_t v) {
    *(volatile uint64_t *)(NIC_REGS_BASE + reg) = v;
}

static inline uint64_t nic_read(uint32_t reg) {
    return *(volatile uint64_t *)(NIC_REGS_BASE + reg);
}

/* The DPA side of the queues, which the driver lays out in DPA memory. */
struct nic_dpa_side {
    uint64_t msg_cq, msg_log, rq, rq_stride;
    uint64_t cmd_cq, cmd_ring, cmd_stride;  /* the command CQ and ring, 1 << cmd_log entries each */
    uint64_t th_stride;
    uint64_t event;        /* DPA address of the event word, or 0 */
    uint64_t th_cons;      /* DPA address of the uint64_t the NIC keeps the to-host ring's consumer count in */
};

/* Program every register from the driver's DPA side and the runner's host layout, then start
 * the script. The CQ rings' owner bits must already be 1. Returns -1 if the layout block is
 * missing (no script loaded), 0 otherwise. */
static inline int nic_start(const struct nic_dpa_side *d) {
    const volatile struct nic_host_layout *h = NIC_LAYOUT;
    if (h->magic != NIC_LAYOUT_MAGIC) return -1;
    nic_write(NIC_MSG_CQ, d->msg_cq);
    nic_write(NIC_MSG_LOG, d->msg_log);
    nic_write(NIC_RQ, d->rq);
    nic_write(NIC_RQ_STRIDE, d->rq_stride);
    nic_write(NIC_CMD_CQ, d->cmd_cq);
    nic_write(NIC_CMD_LOG, h->cmd_log);
    nic_write(NIC_CMD_RING, d->cmd_ring);
    nic_write(NIC_CMD_STRIDE, d->cmd_stride);
    nic_write(NIC_TH_RING, h->th_ring);
    nic_write(NIC_TH_LOG, h->th_log);
    nic_write(NIC_TH_STRIDE, d->th_stride);
    nic_write(NIC_TH_CONS, d->th_cons);
    nic_write(NIC_SCRIPT, h->script);
    nic_write(NIC_LOG, h->log);
    nic_write(NIC_LOG_WORDS, h->log_words);
    nic_write(NIC_EVENT, d->event);
    nic_write(NIC_GO, 1);
    return 0;
}

#endif

/* The cluster's side of flexio_dev_host.h that a DOCA program's host library would play:
 * memory keys over the NIC's host memory, CQs the NIC completes, DPA threads bound to harts, and
 * each hart's event loop. */
#ifndef FLEXIO_DPA_H
#define FLEXIO_DPA_H

#include <stddef.h>
#include <stdint.h>

#include "flexio_dev_host.h"

#define FLEXIO_DPA_MAX_THREADS 256u

/* A CQ of 2^log entries that the NIC completes; dbr is the NIC's doorbell register for it. */
typedef struct {
    struct flexio_dev_cqe64 *ring;
    uint32_t *dbr;
    uint32_t  log, cqn;
} flexio_dpa_cq;

/* Registers host memory [haddr, haddr + len) (nic.h: NIC_HOST_BASE on) under the next key, 1 on. */
uint32_t flexio_dpa_mkey_register(uint64_t haddr, size_t len);
/* A CQ of 2^log entries in cluster memory, every owner bit set for the NIC's first pass; the
 * first created is the NIC's message CQ (NIC_MSG_CQN), the second its command CQ. */
flexio_dpa_cq *flexio_dpa_cq_create(uint32_t log);
/* n send queues of 2^log WQEs, queue q for DPA thread q, each with a CQ of as many entries, in
 * cluster memory (the NIC's layout: one ring after the other), every owner bit set; programs
 * the NIC's send-queue registers. */
typedef struct {
    uint64_t ring, cq;     /* DPA addresses of queue 0's WQE ring and CQ ring */
    uint32_t log, n;
} flexio_dpa_sqs;
flexio_dpa_sqs flexio_dpa_sqs_create(uint32_t n, uint32_t log);
/* Queue q's rings. */
uint64_t flexio_dpa_sq_ring(const flexio_dpa_sqs *s, uint32_t q);
uint64_t flexio_dpa_sq_cq(const flexio_dpa_sqs *s, uint32_t q);
/* The memory key WQEs give for a DPA-memory buffer: the NIC tells the memories apart by address
 * and refuses only key 0. */
#define FLEXIO_DPA_MEM_MKEY 0x100u
/* DPA address of the word the NIC stores its event count to (nic_dpa_side.event). */
uint64_t flexio_dpa_event_word(void);
/* DPA thread tid runs fn(arg) on hart `hart`. */
void     flexio_dpa_thread_bind(uint32_t tid, uint64_t hart, flexio_dev_event_handler_t *fn, uint64_t arg);
/* The calling hart's thread: runs the handler, sleeps until an armed CQ completes, runs it again,
 * until it finishes. Returns 0, or -1 when the handler ended neither way or slept with no CQ armed. */
int      flexio_dpa_thread_loop(void);
/* Cycles thread tid spent in phase k (OTM_DPA_PH_*), from flexio_dpa_thread_loop's start. */
uint64_t flexio_dpa_phase_cycles(uint32_t tid, unsigned k);

#endif /* FLEXIO_DPA_H */

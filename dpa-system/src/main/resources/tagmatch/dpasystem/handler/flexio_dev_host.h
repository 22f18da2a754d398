/* flexio_dev_host.h for the tagmatch DPA cluster: the FlexIO device calls the handler
 * (otm_dpa_handler.c, unmodified) makes, over the cluster's memory (flexio_dev_dpa.c). It takes
 * the place of the generated host stand-in's header, as the DOCA SDK's headers would.
 *
 * A DPA thread is a hart (thread t on core t % cores, as hardware thread t / cores). CQs are
 * cluster memory that the cluster's NIC block completes (nic.h); the consumer-index doorbell and
 * flexio_dev_cq_arm are stores to the NIC's registers. Host memory is the NIC block's, reached
 * through the window: flexio_dev_window_ptr_acquire refuses an address outside the region of the
 * configured memory key, and is the identity inside it. flexio_dev_thread_reschedule and
 * flexio_dev_thread_finish return, and the handler returns next, to the hart's event loop
 * (flexio_dpa_thread_loop), which sleeps until the NIC raises an event. */
#ifndef FLEXIO_DEV_HOST_H
#define FLEXIO_DEV_HOST_H

#include <stddef.h>
#include <stdint.h>

typedef uint64_t flexio_uintptr_t;

typedef enum {
    FLEXIO_DEV_STATUS_SUCCESS = 0,
    FLEXIO_DEV_STATUS_FAILED  = 1
} flexio_dev_status_t;

struct flexio_dev_thread_ctx;
typedef void (flexio_dev_event_handler_t)(uint64_t thread_arg);
#define __dpa_global__

struct flexio_dev_cqe64 {
    uint32_t reserved0[11];
    uint32_t byte_cnt;
    uint32_t reserved1[3];
    uint16_t wqe_counter;
    uint8_t  signature;
    uint8_t  op_own;        /* bit 0: the owner bit the producer flips on every pass of the ring */
};

int                 flexio_dev_get_thread_ctx(struct flexio_dev_thread_ctx **dtctx);
uint32_t            flexio_dev_get_thread_id(struct flexio_dev_thread_ctx *dtctx);
void                flexio_dev_thread_reschedule(void);
void                flexio_dev_thread_finish(void);
flexio_dev_status_t flexio_dev_window_config(struct flexio_dev_thread_ctx *dtctx,
                                             uint16_t window_config_id, uint32_t mkey);
flexio_dev_status_t flexio_dev_window_ptr_acquire(struct flexio_dev_thread_ctx *dtctx,
                                                  uint64_t haddr, flexio_uintptr_t *daddr);
uint8_t             flexio_dev_cqe_get_owner(struct flexio_dev_cqe64 *cqe);
uint16_t            flexio_dev_cqe_get_wqe_counter(struct flexio_dev_cqe64 *cqe);
uint32_t            flexio_dev_cqe_get_byte_cnt(struct flexio_dev_cqe64 *cqe);
void                flexio_dev_dbr_cq_set_ci(uint32_t *cq_dbr, uint32_t ci);
flexio_dev_status_t flexio_dev_cq_arm(struct flexio_dev_thread_ctx *dtctx, uint32_t ci, uint32_t cq_num);

/* Send queues (nic.h, "work requests"): a WQE's segments as the SDK lays them out, in the CPU's
 * byte order; the doorbell is a store to the NIC's NIC_SQ_DB. */
enum flexio_ctrl_seg_t {
    FLEXIO_CTRL_SEG_RDMA_WRITE = 0x08,
    FLEXIO_CTRL_SEG_RDMA_READ  = 0x10
};
#define MLX5_CTRL_SEG_CE_CQE_ALWAYS 0x2u
struct flexio_dev_wqe_ctrl_seg {
    uint32_t idx_opcode;
    uint32_t qpn_ds;
    uint8_t  signature;
    uint8_t  rsvd[2];
    uint8_t  fm_ce_se;
    uint32_t general_id;
};
struct flexio_dev_wqe_rdma_seg {
    uint64_t raddr;
    uint32_t rkey;
    uint32_t reserved;
};
struct flexio_dev_wqe_mem_ptr_send_data_seg {
    uint32_t byte_count;
    uint32_t lkey;
    uint64_t addr;
};
union flexio_dev_sqe_seg {
    struct flexio_dev_wqe_ctrl_seg              ctrl;
    struct flexio_dev_wqe_rdma_seg              rdma;
    struct flexio_dev_wqe_mem_ptr_send_data_seg mem_ptr_send_data;
};
#define FLEXIO_DEV_WQE_SEGS 4u
void                flexio_dev_swqe_seg_ctrl_set(union flexio_dev_sqe_seg *swqe, uint32_t sq_pi, uint32_t sq_number,
                                                 uint32_t ce, enum flexio_ctrl_seg_t ctrl_seg_type);
void                flexio_dev_swqe_seg_rdma_set(union flexio_dev_sqe_seg *swqe, uint32_t rkey, uint64_t raddr);
void                flexio_dev_swqe_seg_mem_ptr_data_set(union flexio_dev_sqe_seg *swqe, uint32_t data_sz, uint32_t lkey,
                                                         uint64_t data_addr);
flexio_dev_status_t flexio_dev_qp_sq_ring_db(struct flexio_dev_thread_ctx *dtctx, uint16_t sq_pi, uint32_t qp_id);

/* dpaintrin.h: the cluster orders memory with `fence`; the window is plain memory. */
#define __DPA_MEMORY 1
#define __DPA_R      1
#define __DPA_W      2
#define __DPA_RW     3
/* A thread fence is the RISC-V fence of the same sets; one before a write that the NIC acts on
 * (W before W: a doorbell) orders the stores before device output. */
#define __dpa_thread_fence(space, before, after) flexio_dpa_fence((before), (after))
static inline void flexio_dpa_fence(int before, int after)
{
    if (before == __DPA_R && after == __DPA_R) __asm__ volatile("fence r,r" ::: "memory");
    else if (before == __DPA_W && after == __DPA_W) __asm__ volatile("fence w,ow" ::: "memory");
    else if (after == __DPA_W) __asm__ volatile("fence rw,w" ::: "memory");
    else __asm__ volatile("fence rw,rw" ::: "memory");
}
#define __dpa_thread_window_read_inv()           __atomic_thread_fence(__ATOMIC_SEQ_CST)
#define __dpa_thread_window_writeback()          __atomic_thread_fence(__ATOMIC_SEQ_CST)

/* A release store as the DPA's compiler emits it (RISC-V's mapping: fence rw,w, then a plain
 * store), so that a to-host stamp is a posted store, not a GCC 12 amoswap's round trip. An
 * aligned store of up to 8 bytes is single-copy atomic on RISC-V. */
#define OTM_STORE_RELEASE(p, v) do { __asm__ volatile("fence rw,w" ::: "memory"); *(volatile __typeof__(*(p)) *)(p) = (v); } while (0)
/* An acquire load likewise: a plain load, then fence r,rw (GCC 12 puts a full fence after it,
 * which would wait for the thread's stores). */
#define OTM_LOAD_ACQUIRE(p) __extension__({ __typeof__(*(p)) v_ = *(volatile __typeof__(*(p)) *)(p); __asm__ volatile("fence r,rw" ::: "memory"); v_; })

/* A spin leaves the core's issue slots to the other threads for a while (Zihintpause). */
#define OTM_SPIN_RELAX() __asm__ volatile(".insn i 0x0F, 0, x0, x0, 0x010")

/* The handler's hooks: a wait sleeps on the word (lr.d + Zawrs wrs.nto), phases are counted. */
uint64_t flexio_dpa_wait_change(uint64_t *p, uint64_t v);
void     flexio_dpa_phase(unsigned phase);
#define OTM_DPA_WAIT_CHANGE(p, v) flexio_dpa_wait_change((p), (v))
#define OTM_DPA_PHASE(k)          flexio_dpa_phase(k)

#endif /* FLEXIO_DEV_HOST_H */

/* A consumer of the NIC and host block, with nic.h's addresses and the handler's queue formats:
 * it plays the DPA handler's part in a small way, so the block can be tested alone. Hart 0 lays
 * out the message CQ (2^MSG_LOG entries) and its receive buffers and the command CQ, starts the
 * block, then applies messages and commands in ticket order. For each it writes one to-host
 * entry: a message's (kind 2) carries the receive buffer's words whole, the cycle it was seen as
 * partner and its CQE's byte_cnt as status; a command's (kind 1) carries the command's words,
 * which the block landed in the command ring in DPA memory. DELAY cycles of work follow each message (a slow
 * consumer). With nothing due it arms both CQs and sleeps on the event word. The stop command
 * ends the run once the block has taken every entry. */
#include <stdint.h>

#include "dpa.h"
#include "nic.h"

#ifndef MSG_LOG
#define MSG_LOG 1
#endif
#ifndef CMD_LOG_MAX
#define CMD_LOG_MAX 4
#endif
#ifndef DELAY
#define DELAY 0
#endif

#define WIRE_WORDS 13u  /* otm_wire_msg */
#define CMD_WORDS 6u    /* otm_cmd_entry */
#define TH_WORDS 17u    /* otm_to_host */

struct cqe { uint32_t reserved0[11]; uint32_t byte_cnt; uint32_t reserved1[3]; uint16_t wqe_counter; uint8_t signature; uint8_t op_own; };

static struct cqe msg_cq[1u << MSG_LOG] __attribute__((aligned(64)));
static struct cqe cmd_cq[1u << CMD_LOG_MAX] __attribute__((aligned(64)));
static uint64_t rq[(1u << MSG_LOG) * WIRE_WORDS];
static uint64_t cmd_ring[(1u << CMD_LOG_MAX) * CMD_WORDS];
static uint64_t event_word __attribute__((aligned(64)));
static uint64_t th_cons __attribute__((aligned(64)));  /* the NIC writes the entries taken here */

static int ready(const struct cqe *ring, uint32_t log, uint32_t ci) {
    return (*(volatile const uint8_t *)&ring[ci & ((1u << log) - 1u)].op_own & 1u) == ((ci >> log) & 1u);
}

static void to_host(uint64_t *taken_by_me, uint64_t kind_status, uint64_t id, uint64_t partner, const uint64_t *words, uint32_t n) {
    const volatile struct nic_host_layout *h = NIC_LAYOUT;
    uint64_t t = *taken_by_me;
    uint64_t size = 1ull << h->th_log;
    while (t - *(volatile uint64_t *)&th_cons >= size) dpa_pause();
    volatile uint64_t *e = (volatile uint64_t *)(h->th_ring + (t & (size - 1u)) * TH_WORDS * 8u);
    e[1] = kind_status;
    e[2] = id;
    e[3] = partner;
    for (uint32_t i = 0; i < TH_WORDS - 4u; i++) e[4 + i] = i < n ? words[i] : 0;
    e[0] = t + 1u;  /* the stamp, last */
    *taken_by_me = t + 1u;
}

int main(unsigned long hart) {
    if (hart != 0) return 0;
    const volatile struct nic_host_layout *h = NIC_LAYOUT;
    if (h->magic != NIC_LAYOUT_MAGIC || h->cmd_log > CMD_LOG_MAX) return 3;
    uint32_t cmd_log = (uint32_t)h->cmd_log;
    for (uint32_t i = 0; i < (1u << MSG_LOG); i++) msg_cq[i].op_own = 1;
    for (uint32_t i = 0; i < (1u << cmd_log); i++) cmd_cq[i].op_own = 1;
    struct nic_dpa_side d = {(uint64_t)(uintptr_t)msg_cq, MSG_LOG, (uint64_t)(uintptr_t)rq, WIRE_WORDS * 8u,
                             (uint64_t)(uintptr_t)cmd_cq, (uint64_t)(uintptr_t)cmd_ring, CMD_WORDS * 8u, TH_WORDS * 8u,
                             (uint64_t)(uintptr_t)&event_word, (uint64_t)(uintptr_t)&th_cons};
    if (nic_start(&d) != 0) return 4;

    uint32_t mci = 0, cci = 0;
    uint64_t next_seq = 0, written = 0, seen_events = 0;
    for (;;) {
        int msg = ready(msg_cq, MSG_LOG, mci), cmd = ready(cmd_cq, cmd_log, cci);
        if (msg) {
            struct cqe *c = &msg_cq[mci & ((1u << MSG_LOG) - 1u)];
            if (c->wqe_counter != (uint16_t)mci) return 5;
            uint64_t *m = &rq[(c->wqe_counter & ((1u << MSG_LOG) - 1u)) * WIRE_WORDS];
            if (m[0] == next_seq) {
                uint64_t seen = dpa_cycles();
                to_host(&written, 2u | (uint64_t)c->byte_cnt << 32, m[0], seen, m, WIRE_WORDS);
                for (unsigned long end = dpa_cycles() + DELAY; dpa_cycles() < end;) {}
                mci++;
                *(volatile uint32_t *)(NIC_REGS_BASE + NIC_MSG_DBR) = mci;
                next_seq++;
                continue;
            }
        }
        if (cmd) {
            struct cqe *c = &cmd_cq[cci & ((1u << cmd_log) - 1u)];
            if (c->wqe_counter != (uint16_t)cci) return 6;
            const volatile uint64_t *e = &cmd_ring[(c->wqe_counter & ((1u << cmd_log) - 1u)) * CMD_WORDS];
            if (e[0] == next_seq) {
                uint64_t w[CMD_WORDS];
                for (uint32_t i = 0; i < CMD_WORDS; i++) w[i] = e[i];
                uint32_t op = (uint32_t)w[1];
                to_host(&written, 1u | (uint64_t)c->byte_cnt << 32, w[3], w[0], w, CMD_WORDS);
                cci++;
                *(volatile uint32_t *)(NIC_REGS_BASE + NIC_CMD_DBR) = cci;
                next_seq++;
                if (op == 2u) {
                    while (nic_read(NIC_TAKEN) != written) dpa_pause();
                    return 0;
                }
                continue;
            }
        }
        /* nothing due: arm the CQs whose next entry is missing and sleep until an event */
        if (!msg) nic_write(NIC_MSG_ARM, mci);
        if (!cmd) nic_write(NIC_CMD_ARM, cci);
        if (msg && cmd) return 7;  /* both heads present, neither due: a ticket is missing */
        for (;;) {
            uint64_t ev = dpa_load_reserved((const unsigned long *)&event_word);
            if (ev != seen_events) {
                seen_events = ev;
                break;
            }
            dpa_wrs_nto();
        }
    }
}

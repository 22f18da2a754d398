/* otm_dpa_cluster.c - the generated DPA handler (otm_dpa_handler.c, unmodified) end to end on
 * the tagmatch DPA cluster, over the device calls of flexio_dev_dpa.c.
 *
 * Every hart enters main(hartid) (crt0.S). DPA thread t runs on core t % cores as that core's
 * hardware thread t / cores; harts of no thread park at once. Hart 0 (thread 0) sets up what a
 * DOCA host program would: host memory under three keys (control: command ring, to-host ring
 * and its consumer index, receive descriptors; receive buffers; rendezvous sender buffers), the
 * message and command CQs, the receive buffers of the message CQ, the handler's state. The
 * workload's messages are landed into the message CQ and its commands into the command ring
 * before the handler starts (the rings hold the whole workload: the NIC as fast as the
 * handler drains), each carrying its ticket (its place in the workload), then a stop. Cycles
 * are counted from the handler's start to thread 0's finish, after the last to-host entry.
 *
 * Input (dpa_input, little-endian 64-bit words): threads, cores, harts_per_core, events, then
 * per event: kind ('P' post, 'A' arrival, 'E' block end: ignored), id, src, tag, proto, len.
 * Output, after the run, as otm_handler writes its results file: one line per P or A event
 * "<status> <partner ordinal or -1>"; "D <post> <E|R|-> <message ordinal> <len> <fnv1a64 of
 * the bytes in its buffer>" per post; "O <message> <proto> <len> <fnv1a64>" per message handed
 * to host software; "B <blocks> <partial blocks> <waits for a command>"; then "T <tid> <cycles
 * per phase, OTM_DPA_PH_* order>" per thread and "R <cycles> <posts> <messages>". */
#include <stdint.h>

#include "dpa.h"
#include "dpa_libc.h"
#include "flexio_dpa.h"
#include "otm.h"
#include "otm_dpa_handler.h"

#define RECV_CAP  256u   /* every receive buffer */
#define RNDV_SPAN 256u   /* sender memory per rendezvous message */

typedef struct { int64_t kind, id, src, tag, proto, len; } cl_event;
typedef struct {
    int64_t threads, cores, harts_per_core, events;
    cl_event ev[];
} cl_params;
extern const cl_params dpa_input;

static uint64_t go;        /* 1 once hart 0 has set everything up */
static uint64_t finished;  /* threads 1.. that have finished */

static uint32_t log_for(uint64_t n)
{
    uint32_t l = 1;
    while (((uint64_t)1 << l) < n) l++;
    return l;
}

static uint64_t fnv1a(const uint8_t *p, uint32_t n)
{
    uint64_t h = 0xcbf29ce484222325u;
    for (uint32_t i = 0; i < n; i++) { h ^= p[i]; h *= 0x100000001b3u; }
    return h;
}

static void fail(const char *what)
{
    dpa_puts(what);
    dpa_putchar('\n');
    dpa_exit(2);
}

static void line2(int64_t a, int64_t b)
{
    dpa_put_i(a);
    dpa_putchar(' ');
    dpa_put_i(b);
    dpa_putchar('\n');
}

static int lead(uint32_t n, uint64_t cores, uint64_t per_core)
{
    uint64_t posts = 0, arrivals = 0;
    for (int64_t i = 0; i < dpa_input.events; i++) {
        if (dpa_input.ev[i].kind == 'P') posts++;
        else if (dpa_input.ev[i].kind == 'A') arrivals++;
    }
    uint64_t tickets = posts + arrivals;
    uint32_t msg_log = log_for(arrivals + 1), cmd_log = log_for(posts + 2), th_log = log_for(tickets + 1);
    if (msg_log > 16 || cmd_log > 16) fail("bad input: at most 32768 posts and 32768 messages");

    /* host memory */
    size_t cmd_bytes = ((size_t)1 << cmd_log) * sizeof(otm_cmd_entry);
    size_t th_bytes = ((size_t)1 << th_log) * sizeof(otm_to_host);
    size_t desc_off = cmd_bytes + th_bytes + 64u;
    size_t ctl_len = desc_off + (size_t)(posts + 1) * sizeof(otm_recv_desc);
    uint8_t *ctl = calloc(ctl_len, 1);
    otm_cmd_entry *cmd_ring = (otm_cmd_entry *)(void *)ctl;
    otm_to_host *th_ring = (otm_to_host *)(void *)(ctl + cmd_bytes);
    otm_recv_desc *descs = (otm_recv_desc *)(void *)(ctl + desc_off);
    uint64_t ctl_haddr, recv_haddr, sender_haddr;
    uint32_t ctl_mkey = flexio_dpa_mkey_register(ctl, ctl_len, &ctl_haddr);
    uint8_t *recv_bufs = calloc(posts + 1, RECV_CAP);
    uint32_t recv_mkey = flexio_dpa_mkey_register(recv_bufs, (size_t)(posts + 1) * RECV_CAP, &recv_haddr);
    uint8_t *sender = calloc(arrivals + 1, RNDV_SPAN);
    uint32_t sender_mkey = flexio_dpa_mkey_register(sender, (size_t)(arrivals + 1) * RNDV_SPAN, &sender_haddr);
    for (uint64_t m = 0; m < arrivals; m++) {
        for (uint32_t k = 0; k < RNDV_SPAN; k++) sender[m * RNDV_SPAN + k] = (uint8_t)((m * 17u + k * 3u + 5u) & 255u);
    }
    for (uint64_t k = 0; k < posts; k++) {
        descs[k].buf = recv_haddr + k * RECV_CAP;
        descs[k].cap = RECV_CAP;
        descs[k].mkey = recv_mkey;
    }
    uint64_t descs_haddr = ctl_haddr + desc_off;

    /* DPA memory */
    void *heap = calloc(otm_dpa_heap_bytes(), 1);
    otm_wire_msg *rq = calloc((size_t)1 << msg_log, sizeof *rq);
    flexio_dpa_cq *msg_cq = flexio_dpa_cq_create(msg_log);
    flexio_dpa_cq *cmd_cq = flexio_dpa_cq_create(cmd_log);
    otm_dpa_setup s;
    memset(&s, 0, sizeof s);
    s.msg_cq_daddr = (uint64_t)(uintptr_t)msg_cq->ring;
    s.msg_dbr_daddr = (uint64_t)(uintptr_t)msg_cq->dbr;
    s.msg_cqn = msg_cq->cqn;
    s.msg_log = msg_log;
    s.rq_daddr = (uint64_t)(uintptr_t)rq;
    s.cmd_cq_daddr = (uint64_t)(uintptr_t)cmd_cq->ring;
    s.cmd_dbr_daddr = (uint64_t)(uintptr_t)cmd_cq->dbr;
    s.cmd_cqn = cmd_cq->cqn;
    s.cmd_log = cmd_log;
    s.ctl_mkey = ctl_mkey;
    s.cmd_ring_haddr = ctl_haddr;
    s.th_ring_haddr = ctl_haddr + cmd_bytes;
    s.th_cons_haddr = ctl_haddr + cmd_bytes + th_bytes;
    s.th_log = th_log;
    if (otm_dpa_init(heap, &s) != 0) fail("otm_dpa_init failed");

    /* the workload, landed: messages into receive buffers then their completions; commands */
    int64_t *ord_of_ticket = calloc(tickets + 1, sizeof *ord_of_ticket);
    uint64_t ticket = 0, ord = 0, post = 0;
    for (int64_t i = 0; i < dpa_input.events; i++) {
        const cl_event *e = &dpa_input.ev[i];
        if (e->kind == 'A') {
            otm_wire_msg *m = &rq[msg_cq->pi & ((1u << msg_log) - 1u)];
            m->hdr.seq = ticket;
            m->hdr.src = (int32_t)e->src;
            m->hdr.tag = (int32_t)e->tag;
            m->hdr.proto = (uint32_t)e->proto;
            uint32_t len = (uint32_t)e->len;
            if (e->proto == OTM_PROTO_EAGER) {
                if (len > OTM_EAGER_MAX) len = OTM_EAGER_MAX;
                for (uint32_t k = 0; k < len; k++) m->payload[k] = (uint8_t)((ord * 31u + k) & 255u);
            } else {
                if (len > RNDV_SPAN) len = RNDV_SPAN;
                m->hdr.raddr = sender_haddr + ord * RNDV_SPAN;
                m->hdr.rkey = sender_mkey;
            }
            m->hdr.len = len;
            flexio_dpa_cq_post(msg_cq, (uint16_t)msg_cq->pi, (uint32_t)sizeof m->hdr + (e->proto == OTM_PROTO_EAGER ? len : 0u));
            ord_of_ticket[ticket++] = (int64_t)ord++;
        } else if (e->kind == 'P') {
            otm_cmd_entry *c = &cmd_ring[cmd_cq->pi & ((1u << cmd_log) - 1u)];
            c->seq = ticket;
            c->op = OTM_CMD_POST;
            c->src = (int32_t)e->src;
            c->tag = (int32_t)e->tag;
            c->recv = descs_haddr + post++ * sizeof(otm_recv_desc);
            flexio_dpa_cq_post(cmd_cq, (uint16_t)cmd_cq->pi, (uint32_t)sizeof *c);
            ord_of_ticket[ticket++] = -1;
        }
    }
    otm_cmd_entry *stop = &cmd_ring[cmd_cq->pi & ((1u << cmd_log) - 1u)];
    stop->seq = ticket;
    stop->op = OTM_CMD_STOP;
    flexio_dpa_cq_post(cmd_cq, (uint16_t)cmd_cq->pi, (uint32_t)sizeof *stop);

    for (uint32_t t = 0; t < n; t++) {
        flexio_dpa_thread_bind(t, (t % cores) * per_core + t / cores, otm_dpa_event_handler, otm_dpa_thread_arg(heap, t));
    }
    __atomic_store_n(&go, 1, __ATOMIC_RELEASE);
    uint64_t c0 = dpa_cycles();
    if (flexio_dpa_thread_loop() != 0) fail("thread 0's handler ended neither by reschedule nor by finish, or slept with no CQ armed");
    uint64_t cycles = dpa_cycles() - c0;
    for (uint64_t f = 0; f != n - 1u;) f = flexio_dpa_wait_change(&finished, f);

    /* the to-host queue, as host software reads it */
    int32_t *post_status = calloc(posts + 1, sizeof *post_status), *msg_status = calloc(arrivals + 1, sizeof *msg_status);
    int64_t *post_partner = calloc(posts + 1, sizeof *post_partner), *msg_partner = calloc(arrivals + 1, sizeof *msg_partner);
    for (uint64_t i = 0; i < tickets; i++) {
        const otm_to_host *e = &th_ring[i & ((1u << th_log) - 1u)];
        if (__atomic_load_n(&e->stamp, __ATOMIC_ACQUIRE) != i + 1u) fail("a to-host entry is missing");
        if (e->kind == OTM_TH_POST) {
            uint64_t k = (e->id - descs_haddr) / sizeof(otm_recv_desc);
            if (e->id < descs_haddr || k >= posts) fail("a to-host entry names an unknown receive");
            post_status[k] = e->status;
            post_partner[k] = e->status == OTM_MATCHED && e->partner < tickets ? ord_of_ticket[e->partner] : -1;
        } else {
            if (e->id >= tickets || ord_of_ticket[e->id] < 0) fail("a to-host entry names an unknown message");
            uint64_t m = (uint64_t)ord_of_ticket[e->id];
            msg_status[m] = e->status;
            msg_partner[m] = e->status == OTM_MATCHED ? (int64_t)((e->partner - descs_haddr) / sizeof(otm_recv_desc)) : -1;
        }
    }
    uint64_t pi = 0, mi = 0;
    for (int64_t i = 0; i < dpa_input.events; i++) {
        char k = (char)dpa_input.ev[i].kind;
        if (k == 'P') { line2(post_status[pi], post_status[pi] == OTM_MATCHED ? post_partner[pi] : -1); pi++; }
        else if (k == 'A') { line2(msg_status[mi], msg_status[mi] == OTM_MATCHED ? msg_partner[mi] : -1); mi++; }
    }
    for (uint64_t r = 0; r < posts; r++) {
        const otm_recv_desc *d = &descs[r];
        uint32_t kind = __atomic_load_n(&d->kind, __ATOMIC_ACQUIRE);
        dpa_puts("D "); dpa_put_u(r);
        dpa_putchar(' '); dpa_putchar(kind == OTM_DELIVERED_NONE ? '-' : (char)kind);
        dpa_putchar(' '); dpa_put_i(kind == OTM_DELIVERED_NONE || d->msg_seq >= tickets ? -1 : ord_of_ticket[d->msg_seq]);
        dpa_putchar(' '); dpa_put_u(d->len);
        dpa_putchar(' '); dpa_put_x(kind == OTM_DELIVERED_NONE ? 0 : fnv1a(recv_bufs + r * RECV_CAP, d->len));
        dpa_putchar('\n');
    }
    for (uint64_t i = 0; i < tickets; i++) {
        const otm_to_host *e = &th_ring[i & ((1u << th_log) - 1u)];
        if (e->kind != OTM_TH_MSG || e->status != OTM_ERR_FULL) continue;
        const otm_wire_msg *m = &e->msg;
        dpa_puts("O "); dpa_put_i(m->hdr.seq < tickets ? ord_of_ticket[m->hdr.seq] : -1);
        dpa_putchar(' '); dpa_put_u(m->hdr.proto);
        dpa_putchar(' '); dpa_put_u(m->hdr.len);
        dpa_putchar(' '); dpa_put_x(fnv1a(m->payload, m->hdr.proto == OTM_PROTO_EAGER ? m->hdr.len : 0u));
        dpa_putchar('\n');
    }
    otm_dpa_summary sum;
    otm_dpa_summary_of(heap, &sum);
    dpa_puts("B "); dpa_put_u(sum.blocks);
    dpa_putchar(' '); dpa_put_u(sum.partial_blocks);
    dpa_putchar(' '); dpa_put_u(sum.waits_for_command);
    dpa_putchar('\n');
    for (uint32_t t = 0; t < n; t++) {
        dpa_puts("T "); dpa_put_u(t);
        for (unsigned k = 0; k < OTM_DPA_PHASES; k++) { dpa_putchar(' '); dpa_put_u(flexio_dpa_phase_cycles(t, k)); }
        dpa_putchar('\n');
    }
    dpa_puts("R "); dpa_put_u(cycles);
    dpa_putchar(' '); dpa_put_u(posts);
    dpa_putchar(' '); dpa_put_u(arrivals);
    dpa_putchar('\n');
    return 0;
}

int main(unsigned long hartid)
{
    int64_t n = dpa_input.threads, cores = dpa_input.cores, per_core = dpa_input.harts_per_core;
    if (cores < 1 || per_core < 1 || n < 1 || n != OTM_THREADS || n > cores * per_core) {
        if (hartid == 0) fail("bad input: threads must be OTM_THREADS and at most cores * harts_per_core");
        return 0;
    }
    uint64_t tid = hartid % (uint64_t)per_core * (uint64_t)cores + hartid / (uint64_t)per_core;
    if (hartid == 0) return lead((uint32_t)n, (uint64_t)cores, (uint64_t)per_core);
    if (tid >= (uint64_t)n) return 0;
    flexio_dpa_wait_change(&go, 0);
    if (flexio_dpa_thread_loop() != 0) fail("a worker's handler ended neither by reschedule nor by finish");
    __atomic_fetch_add(&finished, 1, __ATOMIC_RELEASE);
    return 0;
}

package tagmatch.dpa.nic;

import tagmatch.dpa.DpaConfig;
import tagmatch.hdl.core.Bool;
import tagmatch.hdl.core.UInt;

import static tagmatch.hdl.core.Hdl.*;

/**
 * A work request as the {@link CopyEngine} fetched it, word by word ({@code nic.h}'s layout: word
 * 0's opcode, word 1's completion bit, words 2 to 5 but for their reserved halves), and what the
 * engine makes of it: which way its bytes go, and why it is refused (0: it is not).
 */
final class FetchedWqe {
    private final UInt opcode = regInit(UInt(8), 0).named("sq_opcode");
    final Bool ce = regInit(Bool(), 0).named("sq_ce");
    private final UInt raddr = regInit(UInt(64), 0).named("sq_raddr");
    private final UInt rkey = regInit(UInt(32), 0).named("sq_rkey");
    final UInt n = regInit(UInt(32), 0).named("sq_n");
    private final UInt lkey = regInit(UInt(32), 0).named("sq_lkey");
    private final UInt laddr = regInit(UInt(64), 0).named("sq_laddr");

    final Bool isRead;
    /** Where the bytes come from and go to: an RDMA read's from the remote address, a write's from the local one. */
    final UInt from, to;
    /** The source is DPA memory (the master port), not host memory. */
    final Bool fromRam;
    /** One of {@link NicMap}'s {@code ERR_*}, or 0. */
    final UInt reason;

    /** @param bytes bytes of DPA memory, and of host memory */
    FetchedWqe(long bytes) {
        isRead = opcode.eq(NicMap.OPCODE_RDMA_READ).named("sq_is_read");
        Bool known = isRead.or(opcode.eq(NicMap.OPCODE_RDMA_WRITE)).named("sq_known");
        from = mux(isRead, raddr, laddr).named("sq_from");
        to = mux(isRead, laddr, raddr).named("sq_to");
        Bool keys = rkey.ne(0).and(lkey.ne(0)).named("sq_keys");
        Bool aligned = from.bits(2, 0).eq(0).and(to.bits(2, 0).eq(0)).named("sq_aligned");
        Bool fromHost = inside(from, NicMap.HOST_BASE, bytes, "sq_from_host");
        fromRam = inside(from, DpaConfig.RAM_BASE, bytes, "sq_from_ram").and(isRead.not()).named("sq_from_dpa_now");
        Bool toHost = inside(to, NicMap.HOST_BASE, bytes, "sq_to_host");
        Bool inRange = toHost.and(fromRam.or(fromHost)).named("sq_in_range");
        reason = mux(known.not(), lit(NicMap.ERR_OPCODE, 8), mux(keys.not(), lit(NicMap.ERR_KEY, 8),
                mux(aligned.not(), lit(NicMap.ERR_ALIGN, 8), mux(inRange.not(), lit(NicMap.ERR_LENGTH, 8), lit(0, 8))))).named("sq_reason");
    }

    /** Takes word {@code k} of the WQE. */
    void load(UInt k, UInt word) {
        switchOn(k)
            .is(0, () -> opcode.set(word.bits(7, 0)))
            .is(1, () -> ce.set(word.bit(NicMap.WQE_CE_BIT)))
            .is(2, () -> raddr.set(word))
            .is(3, () -> rkey.set(word.bits(31, 0)))
            .is(4, () -> { n.set(word.bits(31, 0)); lkey.set(word.bits(63, 32)); })
            .is(5, () -> laddr.set(word));
    }

    /** Whether the WQE's {@code n} bytes from {@code addr} lie inside {@code bytes} bytes from {@code base}. */
    private Bool inside(UInt addr, long base, long bytes, String name) {
        UInt off = addr.sub(lit(base, 64)).named(name + "_off");
        return addr.ge(lit(base, 64)).and(off.lt(lit(bytes, 64))).and(n.pad(64).le(lit(bytes, 64).sub(off))).named(name);
    }
}

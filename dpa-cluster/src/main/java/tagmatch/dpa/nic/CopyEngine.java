package tagmatch.dpa.nic;

import tagmatch.hdl.core.Bool;
import tagmatch.hdl.core.Mem;
import tagmatch.hdl.core.UInt;

import static tagmatch.hdl.core.Hdl.*;

/**
 * The NIC's send queues, described into the enclosing {@link Nic} ({@code nic.h}, "work
 * requests"): the handler's threads post RDMA writes and reads as WQEs in DPA memory and ring a
 * doorbell; the engine serves the queues in turn, each in order, one WQE at a time. It reads the
 * WQE through the master port, checks it, moves its bytes 8 a cycle (from DPA memory through the
 * master port, or from host memory) into host memory, and completes it on the queue's CQ. A
 * read's data comes the wire latency after its WQE is first read: the queue waits and the
 * others go on, so reads of many queues overlap. The first WQE or doorbell refused stops the
 * engine and is kept in {@link #error}. {@link FetchedWqe} holds the WQE being served.
 */
final class CopyEngine {
    private static final int SCAN = 0, FETCH = 1, EXEC = 2, MOVE = 3, CQE5 = 4, CQE7 = 5, FAILED = 6;

    /** The master port: a read of DPA word {@code mWord} (its data on {@code mRdata} in the same cycle) or a write. */
    final Bool mValid, mWrite;
    final UInt mWord, mData;
    /** WQEs executed, and the first refusal ({@code nic.h}'s {@code NIC_WQE_ERROR} format). */
    final UInt wqes, error;

    /**
     * @param ready  the master port is the engine's this cycle
     * @param rdata  the DPA word read through the master port
     * @param db     a store to {@code NIC_SQ_DB} this cycle, with value {@code dbValue}
     * @param wire   the cycles from a read's WQE to its first word
     * @param bytes  bytes of DPA memory, and of host memory
     */
    CopyEngine(NicRegisters r, Mem<UInt> host, Bool live, UInt cycle, Bool ready, UInt rdata, Bool db, UInt dbValue, UInt wire,
               long bytes, int wb) {
        UInt state = regInit(UInt(3), SCAN).named("sq_state");
        UInt q = regInit(UInt(8), 0).named("sq_q");
        UInt k = regInit(UInt(3), 0).named("sq_k");
        FetchedWqe f = new FetchedWqe(bytes);
        UInt src = regInit(UInt(64), 0).named("sq_src");
        UInt dst = regInit(UInt(64), 0).named("sq_dst");
        UInt left = regInit(UInt(32), 0).named("sq_left");
        Bool fromDpa = regInit(Bool(), 0).named("sq_from_dpa");
        wqes = regInit(UInt(64), 0).named("sq_wqes");
        error = regInit(UInt(64), 0).named("sq_error");
        Mem<UInt> pis = mem(NicMap.MAX_SQS, UInt(16)).named("sq_pi");
        Mem<UInt> cis = mem(NicMap.MAX_SQS, UInt(16)).named("sq_ci");
        Mem<UInt> cqPis = mem(NicMap.MAX_SQS, UInt(16)).named("sq_cq_pi");
        Mem<Bool> waiting = mem(NicMap.MAX_SQS, Bool()).named("sq_waiting");
        Mem<UInt> due = mem(NicMap.MAX_SQS, UInt(64)).named("sq_due");

        UInt log = Nic.unused(r.sqLog, "sq_log_unused").bits(3, 0).named("sq_log4");
        UInt mask = Nic.unused(lit(1, 17).shl(log), "sq_depth_unused").bits(15, 0).sub(1).named("sq_mask");
        UInt count = Nic.unused(r.sqCount, "sq_count_unused").bits(8, 0).named("sq_count9");
        UInt pi = pis.read(q).named("sq_pi_q");
        UInt ci = cis.read(q).named("sq_ci_q");
        UInt cqPi = cqPis.read(q).named("sq_cq_pi_q");
        Bool waits = waiting.read(q).named("sq_waits_q");
        UInt dueQ = due.read(q).named("sq_due_q");
        UInt next = mux(q.pad(9).add(1).ge(count), lit(0, 8), q.add(1)).named("sq_next");
        UInt wqe = slot(r.sqRing, q, ci, log, mask, "sq_wqe");
        UInt cqe = slot(r.sqCq, q, cqPi, log, mask, "sq_cqe");

        // the move: a word from DPA memory (the master port) or host memory, merged into host memory
        UInt srcWord = Nic.hostWord(src, wb, "sq_src_word");
        UInt dstWord = Nic.hostWord(dst, wb, "sq_dst_word");
        UInt data = mux(fromDpa, rdata, host.read(srcWord)).named("sq_data");
        Bool whole = left.ge(8).named("sq_whole");
        UInt keep = Nic.unused(lit(1, 65).shl(cat(left.bits(2, 0), lit(0, 3))), "sq_keep_unused").bits(63, 0).sub(1).named("sq_keep");
        UInt merged = mux(whole, data, data.and(keep).or(host.read(dstWord).and(keep.not()))).named("sq_merged");
        Bool moving = state.eq(MOVE).and(left.ne(0)).named("sq_moving");
        Bool moved = moving.and(fromDpa.not().or(ready)).named("sq_moved");

        mValid = wire("sq_m_valid", Bool());
        mWrite = wire("sq_m_write", Bool());
        mWord = wire("sq_m_word", UInt(wb));
        mData = wire("sq_m_data", UInt(64));
        mValid.set(state.eq(FETCH).or(moving.and(fromDpa)).or(state.eq(CQE5)).or(state.eq(CQE7)));
        mWrite.set(state.eq(CQE5).or(state.eq(CQE7)));
        mWord.set(mux(state.eq(FETCH), Nic.ramWord(wqe.add(k.pad(61).shl(3)), wb, "sq_fetch_word"),
                mux(state.eq(CQE5), Nic.ramWord(cqe.add(40), wb, "sq_cqe5_word"),
                        mux(state.eq(CQE7), Nic.ramWord(cqe.add(56), wb, "sq_cqe7_word"), Nic.ramWord(src, wb, "sq_src_ram_word")))));
        UInt owner = Nic.unused(cqPi.shr(log), "sq_pass_unused").bits(0, 0).named("sq_owner");
        mData.set(mux(state.eq(CQE5), cat(f.n, lit(0, 32)), cat(lit(0, 7), owner, lit(0, 8), ci, lit(0, 32))));

        // a doorbell: the queue's producer index, refused past the queues or past the queue's depth
        UInt dbQ = Nic.unused(dbValue, "sq_db_unused").bits(39, 32).named("sq_db_q");
        UInt dbPi = dbValue.bits(15, 0).named("sq_db_pi");
        Bool dbPast = dbValue.bits(63, 32).pad(64).ge(count.pad(64)).or(dbPi.sub(cis.read(dbQ)).pad(17).gt(mask.pad(17).add(1))).named("sq_db_past");
        when(live.and(db).and(dbPast.not()), () -> pis.write(dbQ, dbPi));

        when(live, () -> {
            switchOn(state)
                .is(SCAN, () -> when(count.ne(0), () -> when(pi.eq(ci).or(waits.and(cycle.lt(dueQ))), () -> q.set(next))
                        .otherwise(() -> { k.set(0); state.set(FETCH); })))
                .is(FETCH, () -> when(ready, () -> {
                    f.load(k, rdata);
                    k.set(k.add(1));
                    when(k.eq(NicMap.WQE_WORDS - 1), () -> state.set(EXEC));
                }))
                .is(EXEC, () -> when(f.reason.ne(0).and(error.eq(0)), () -> {
                    error.set(cat(f.reason, lit(0, 16), q, lit(0, 16), ci));
                    state.set(FAILED);
                }).elseWhen(f.isRead.and(waits.not()).and(wire.ne(0)), () -> {
                    waiting.write(q, lit(true));
                    due.write(q, cycle.add(wire.pad(64)));
                    q.set(next);
                    state.set(SCAN);
                }).otherwise(() -> {
                    waiting.write(q, lit(false));
                    src.set(f.from);
                    dst.set(f.to);
                    left.set(f.n);
                    fromDpa.set(f.fromRam);
                    state.set(MOVE);
                }))
                .is(MOVE, () -> {
                    when(moved, () -> {
                        host.write(dstWord, merged);
                        src.set(src.add(8));
                        dst.set(dst.add(8));
                        left.set(mux(whole, left.sub(8), lit(0, 32)));
                    });
                    when(left.eq(0), () -> when(f.ce, () -> state.set(CQE5)).otherwise(() -> {
                        cis.write(q, ci.add(1));
                        wqes.set(wqes.add(1));
                        q.set(next);
                        state.set(SCAN);
                    }));
                })
                .is(CQE5, () -> when(ready, () -> state.set(CQE7)))
                .is(CQE7, () -> when(ready, () -> {
                    cis.write(q, ci.add(1));
                    cqPis.write(q, cqPi.add(1));
                    wqes.set(wqes.add(1));
                    q.set(next);
                    state.set(SCAN);
                }));
            // after the engine's own step: a refused doorbell stops it whatever it was doing
            when(db.and(dbPast).and(error.eq(0)), () -> {
                error.set(cat(lit(NicMap.ERR_DOORBELL, 8), Nic.unused(dbValue, "sq_db_qpn_unused").bits(55, 32), lit(0, 16), dbPi));
                state.set(FAILED);
            });
        });
    }

    /** The DPA address of entry {@code index} (mod the depth) of queue {@code q}'s ring, rings of 64-byte entries from {@code base}. */
    private static UInt slot(UInt base, UInt q, UInt index, UInt log, UInt mask, String name) {
        UInt ring = Nic.unused(q.pad(64).shl(log.pad(5).add(6)), name + "_ring_unused").bits(63, 0);
        return base.add(ring).add(index.and(mask).pad(58).shl(6)).named(name);
    }
}

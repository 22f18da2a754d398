package tagmatch.dpa;

import tagmatch.hdl.core.Bool;
import tagmatch.hdl.core.Mem;
import tagmatch.hdl.core.Module;
import tagmatch.hdl.core.UInt;
import tagmatch.hdl.core.Vec;

import static tagmatch.hdl.core.Hdl.*;

/**
 * One fine-grained multithreaded RV64IMAC core: {@code threads} hardware threads, each with its
 * own pc and 32 registers (one memory indexed by {@code thread * 32 + reg}), sharing a three-stage
 * in-order pipeline. Fetch picks a ready thread round robin each cycle and reads its instruction;
 * decode expands a compressed instruction, decodes it and reads the registers; execute computes, accesses
 * memory through the cluster's banks, and writes back.
 *
 * <p>A thread has at most one instruction in the pipeline, so there are no hazards to forward or
 * stall: a thread is ready when its previous instruction has left execute, its memory wait of
 * as many cycles as its response said (or of {@link #PAUSE_CYCLES} after a {@code pause}) is over, it is
 * not waiting for the divider, and it is not waiting in a Zawrs {@code wrs.nto} (until its hart's
 * reservation is broken). An instruction that
 * cannot complete (its bank or the console granted another core, the divider is busy, or the
 * divider has just been started for it) leaves no effect and is fetched again later (a replay).
 * A multi-cycle divide retires when its thread re-executes it after the divider is done.
 */
public final class DpaCore extends Module {
    /**
     * Cycles a thread stays not ready after a Zihintpause {@code pause} (counted like a memory
     * access's wait): long enough that a polling thread leaves its core's issue slots to the
     * others for about two rounds of an 8-thread core.
     */
    static final int PAUSE_CYCLES = 16;
    /** A thread's wait: a fence or atomic waits for its store buffer to drain (at most 15 stores' waits) and then its own. */
    private static final int WAIT_CNT_BITS = MemResponse.WAIT_BITS + 5;

    final CoreControl ctl;
    final FetchPort fetch;
    /** The data access of the instruction in execute. */
    final MemPort mem;
    final ErrorReport error;
    final RetireReport retirement;
    final UInt probeThread;
    final UInt probeInstret;
    /** Bit t: thread t's hart holds a valid LR reservation (the cluster keeps them). */
    final UInt reservedIn;

    private final int h, tb, hb;
    // ---- per-thread state ----
    private final Vec<UInt> pcs;
    // Chosen to simulate faster: the threads' flags as one word each, bit t for thread t, so a simulator
    // updates every thread's flag in one operation rather than one register per thread.
    private final UInt started, parked, inflight, waitDiv, waitResv;
    private final Vec<UInt> waitCnt;
    /** Per thread: cycles until its store buffer has drained. */
    private final Vec<UInt> sbWait;
    private final Vec<UInt> instret;
    /** Every thread's registers, at {@code thread * 32 + reg}. */
    private final Mem<UInt> rf;
    private final Bool live;

    /** The fetch stage's choice this cycle, and the fetch/decode registers. */
    private record Fetched(Bool issue, UInt sel, Bool valid, UInt thread, UInt pc, UInt raw, Bool fault, UInt fetchWait) {}

    /** The decode/execute registers: the instruction's controls, and its fields for the immediates and register numbers. */
    private record Decoded(Bool valid, UInt thread, UInt pc, Decoder controls, Execute.Fields inst, UInt raw, Bool compressed, Bool badCompressed,
                           Bool fault, UInt fetchWait, UInt a, UInt b) {}

    /** What execute decided: the instruction retires, the divider starts for it, its decode. */
    private record Executed(Execute x, Bool retire, Bool divStart, Divider div, UInt divOwner) {}

    public DpaCore(DpaConfig cfg) {
        h = cfg.threads();
        tb = cfg.threadBits();
        hb = cfg.hartBits();
        param("threads", h);
        param("ram_mib", cfg.ramMib());
        ctl = input("ctl", new CoreControl(hb));
        fetch = output("fetch", new FetchPort(cfg.wordBits()));
        mem = output("mem", new MemPort(hb));
        error = output("err", new ErrorReport(hb));
        retirement = output("retire", new RetireReport(hb));
        probeThread = h > 1 ? input("probe_thread", UInt(tb)) : null;
        probeInstret = output("probe_instret", UInt(64));
        reservedIn = input("reserved", UInt(h));

        pcs = reg(Vec(h, () -> UInt(64))).named("pc");
        started = regInit(UInt(h), 0).named("started");
        parked = regInit(UInt(h), 0).named("parked");
        inflight = regInit(UInt(h), 0).named("inflight");
        waitDiv = regInit(UInt(h), 0).named("wait_div");
        waitResv = regInit(UInt(h), 0).named("wait_resv");
        waitCnt = regZero(Vec(h, () -> UInt(WAIT_CNT_BITS))).named("wait_cnt");
        sbWait = regZero(Vec(h, () -> UInt(WAIT_CNT_BITS))).named("sb_wait");
        instret = regZero(Vec(h, () -> UInt(64))).named("instret");
        rf = mem(h * 32, UInt(64)).named("regs");
        live = ctl.run.and(ctl.freeze.not()).named("live");

        Fetched f = fetchStage(cfg.wordBits());
        Decoded d = decodeStage(f);
        Executed e = executeStage(d);
        probeInstret.set(h > 1 ? instret.at(probeThread) : instret.get(0));
        updateThreads(f, d, e);
    }

    /** Fetch: the first ready thread after the last one issued (else the first ready thread) reads its instruction. */
    private Fetched fetchStage(int wordBits) {
        UInt ready = wire("ready", UInt(h));
        Bool[] idle = new Bool[h];
        for (int t = 0; t < h; t++) idle[t] = waitCnt.get(t).eq(0);
        UInt waiting = parked.or(inflight).or(waitDiv).or(waitResv).named("waiting");
        ready.set(mux(live, started.and(waiting.not()).and(word(idle)), lit(0, h)));
        UInt sel = wire("sel", UInt(tb));
        sel.set(0);
        if (h > 1) {
            UInt rr = regInit(UInt(tb), 0).named("rr");
            UInt above = wire("above", UInt(h));
            Bool[] aboveBit = new Bool[h];
            for (int t = 0; t < h; t++) aboveBit[t] = t == 0 ? lit(false) : ready.bit(t).and(lit(t, tb).gt(rr));
            above.set(cat(reversed(aboveBit)));
            UInt pick = mux(above.orR(), above, ready).named("pick");
            for (int t = h - 1; t >= 0; t--) {
                int tt = t;
                when(pick.bit(t), () -> sel.set(tt));
            }
            when(ready.orR(), () -> rr.set(sel));
        }
        Bool issue = ready.orR().named("issue");
        UInt fpc = pcs.at(sel).named("fetch_pc");
        UInt off = fpc.bits(63, 3).sub(lit(DpaConfig.RAM_BASE >>> 3, 61)).named("fetch_off");
        Bool inRam = fpc.ge(lit(DpaConfig.RAM_BASE, 64)).and(off.bits(60, wordBits).eq(0)).named("fetch_in_ram");
        fetch.word.set(off.bits(wordBits - 1, 0));
        fetch.valid.set(issue.and(inRam));
        UInt raw = wire("fetch_raw", UInt(32));
        raw.set(fetch.lo.bits(31, 0));
        switchOn(fpc.bits(2, 1))
            .is(1, () -> raw.set(fetch.lo.bits(47, 16)))
            .is(2, () -> raw.set(fetch.lo.bits(63, 32)))
            .is(3, () -> raw.set(cat(fetch.hi, fetch.lo.bits(63, 48))));
        return new Fetched(issue, sel, regNext(issue, 0).named("fd_valid"), regNext(sel).named("fd_thread"), regNext(fpc).named("fd_pc"),
                regNext(raw).named("fd_raw"), regNext(inRam.not()).named("fd_fault"), regNext(fetch.wait).named("fd_fetch_wait"));
    }

    /** Decode: expand a compressed instruction, decode it by {@link DecodeTable}, read the two source registers. */
    private Decoded decodeStage(Fetched f) {
        Decompressor dec = instance(new Decompressor());
        dec.in.set(f.raw().bits(15, 0));
        Bool compressed = f.raw().bits(1, 0).ne(3).named("compressed");
        UInt inst = mux(compressed, dec.out, f.raw()).named("inst");
        UInt rs1 = inst.bits(19, 15).named("rs1");
        UInt rs2 = inst.bits(24, 20).named("rs2");
        UInt va = mux(rs1.eq(0), lit(0, 64), rf.read(regIndex(h, f.thread(), rs1))).named("rs1_value");
        UInt vb = mux(rs2.eq(0), lit(0, 64), rf.read(regIndex(h, f.thread(), rs2))).named("rs2_value");
        return new Decoded(regNext(f.valid().and(live), 0).named("dx_valid"), regNext(f.thread()).named("dx_thread"),
                regNext(f.pc()).named("dx_pc"), new Decoder(inst).registered(),
                new Execute.Fields(regNext(inst.bits(31, 7)).named("dx_inst")), regNext(f.raw()).named("dx_raw"),
                regNext(compressed).named("dx_compressed"), regNext(compressed.and(dec.illegal)).named("dx_bad_compressed"),
                regNext(f.fault()).named("dx_fetch_fault"), regNext(f.fetchWait()).named("dx_fetch_wait"),
                regNext(va).named("dx_a"), regNext(vb).named("dx_b"));
    }

    /** Execute: compute, check, access memory, divide, read a counter, write back; report the retirement or the error. */
    private Executed executeStage(Decoded d) {
        Execute x = new Execute(d.controls(), d.inst(), d.pc(), d.compressed(), d.a(), d.b());
        UInt hartId = ctl.hartBase.add(d.thread().pad(hb)).named("x_hart");
        Bool csrKnown = wire("csr_known", Bool());
        UInt csrValue = csr(d, hartId, csrKnown);
        Bool xAct = d.valid().and(live).named("x_active");
        Bool legal = x.legal.and(x.isCsr.not().or(csrKnown)).named("x_legal");
        Bool err = wire("x_err", Bool());
        UInt cause = wire("x_cause", UInt(4));
        err.set(1);
        cause.set(0);
        when(d.fault(), () -> cause.set(Rv64.FETCH_FAULT))
            .elseWhen(d.badCompressed().or(legal.not()), () -> cause.set(Rv64.ILLEGAL))
            .elseWhen(x.ebreak, () -> cause.set(Rv64.BREAKPOINT))
            .elseWhen(x.ecall, () -> cause.set(Rv64.ECALL_M))
            .elseWhen(x.isMem.and(x.misaligned), () -> cause.set(mux(x.memOp.isOneOf(MemOp.LOAD, MemOp.LR),
                    lit(Rv64.LOAD_MISALIGNED, 4), lit(Rv64.STORE_MISALIGNED, 4))))
            .elseWhen(x.isMem.and(mem.resp.fault), () -> cause.set(mux(x.memOp.is(MemOp.LOAD), lit(Rv64.LOAD_FAULT, 4), lit(Rv64.STORE_FAULT, 4))))
            .otherwise(() -> err.set(0));
        Bool clean = xAct.and(d.fault().not()).and(d.badCompressed().not()).and(legal).and(x.ebreak.not()).and(x.ecall.not()).named("x_clean");
        MemRequest req = mem.req;
        req.valid.set(clean.and(x.isMem).and(x.misaligned.not()));
        req.addr.set(x.memAddr);
        req.op.set(x.memOp);
        req.size.set(x.memSize);
        req.unsigned.set(x.memUnsigned);
        req.amo.set(d.inst().bits(31, 27));
        req.data.set(d.b());
        req.hart.set(hartId);

        Divider div = instance(new Divider());
        UInt divOwner = reg(UInt(tb)).named("div_owner");
        Bool divMine = div.done.and(divOwner.eq(d.thread())).named("div_mine");
        Bool retire = wire("x_retire", Bool());
        retire.set(0);
        Bool divStart = wire("div_start", Bool());
        divStart.set(0);
        UInt value = wire("x_value", UInt(64));
        value.set(x.value);
        when(xAct.and(err.not()), () -> {
            when(x.isMem, () -> {
                retire.set(mem.resp.grant);
                value.set(mem.resp.data);
            }).elseWhen(x.isDiv, () -> {
                retire.set(divMine);
                value.set(div.result);
                divStart.set(div.busy.not());
            }).elseWhen(x.isCsr, () -> {
                retire.set(1);
                value.set(csrValue);
            }).otherwise(() -> retire.set(1));
        });
        div.start.set(divStart);
        div.op.set(d.inst().bits(13, 12));
        div.word.set(x.word);
        div.a.set(d.a());
        div.b.set(d.b());
        div.ack.set(retire.and(x.isDiv));
        when(divStart, () -> divOwner.set(d.thread()));

        UInt rd = d.inst().bits(11, 7).named("rd");
        Bool write = retire.and(x.writesRd).and(rd.ne(0)).named("x_write");
        when(write, () -> rf.write(regIndex(h, d.thread(), rd), value));
        error.valid.set(xAct.and(err));
        error.cause.set(cause);
        error.pc.set(d.pc());
        error.inst.set(mux(d.compressed(), d.raw().bits(15, 0).pad(32), d.raw()));
        error.hart.set(hartId);
        retirement.valid.set(retire);
        retirement.hart.set(hartId);
        retirement.pc.set(d.pc());
        retirement.rd.set(mux(write, rd, lit(0, 5)));
        retirement.value.set(mux(write, value, lit(0, 64)));
        return new Executed(x, retire, divStart, div, divOwner);
    }

    /** The counter a CSR read names; {@code known} low for any other CSR. */
    private UInt csr(Decoded d, UInt hartId, Bool known) {
        UInt myInstret = instret.at(d.thread()).named("x_instret");
        UInt value = wire("csr_value", UInt(64));
        value.set(0);
        known.set(1);
        switchOn(d.inst().bits(31, 20))
            .is(Rv64.MHARTID, () -> value.set(hartId.pad(64)))
            .is(Rv64.MCYCLE, () -> value.set(ctl.cycle))
            .is(Rv64.CYCLE, () -> value.set(ctl.cycle))
            .is(Rv64.TIME, () -> value.set(ctl.cycle))
            .is(Rv64.MINSTRET, () -> value.set(myInstret))
            .is(Rv64.INSTRET, () -> value.set(myInstret))
            .otherwise(() -> known.set(0));
        return value;
    }

    /** The per-thread state after the cycle: the flags, the waits, the pcs and counts (execute's updates last: they win). */
    private void updateThreads(Fetched f, Decoded d, Executed e) {
        Execute x = e.x();
        Bool retire = e.retire();
        UInt fetchedBit = mux(f.issue(), oneHot(f.sel(), h), lit(0, h)).named("fetched_bit");
        UInt hereBit = mux(d.valid(), oneHot(d.thread(), h), lit(0, h)).named("here_bit");
        UInt retiredBit = mux(retire, hereBit, lit(0, h)).named("retired_bit");
        Bool[] starts = new Bool[h];
        for (int t = 0; t < h; t++) starts[t] = ctl.hartBase.pad(hb + 1).add(lit(t, hb + 1)).lt(ctl.activeHarts);
        when(ctl.run.not(), () -> {
            started.set(word(starts));
            parked.set(0);
            inflight.set(0);
            waitDiv.set(0);
            waitResv.set(0);
        }).otherwise(() -> {
            inflight.set(inflight.or(fetchedBit).and(hereBit.not()));
            waitDiv.set(waitDiv.and(mux(e.div().done, oneHot(e.divOwner(), h), lit(0, h)).not()).or(mux(e.divStart(), hereBit, lit(0, h))));
            // with no reservation there is nothing to wait for: wrs.nto ends at once
            waitResv.set(waitResv.and(reservedIn).or(mux(x.waitReserved, retiredBit.and(reservedIn), lit(0, h))));
            parked.set(parked.or(mux(x.wfi, retiredBit, lit(0, h))));
        });
        // what the instruction leaving execute costs its thread: the memory access's wait or a pause's, and the
        // fetch's miss, paid once whether the instruction retires or replays (its fetch again then hits)
        // a store goes into the thread's store buffer and waits only for what does not fit (the buffer drains one
        // store's wait at a time; the data is written at once, so this is timing only); a fence or an atomic waits for it to drain
        UInt sbNow = sbWait.at(d.thread()).named("sb_now");
        UInt w = mem.resp.wait.pad(WAIT_CNT_BITS).named("x_mem_wait");
        Bool buffered = retire.and(x.isMem).and(x.memOp.is(MemOp.STORE)).and(ctl.storeBuffer.ne(0)).named("x_store_buffered");
        Bool drains = retire.and(x.fence.or(x.isMem.and(x.memOp.isOneOf(MemOp.AMO, MemOp.LR, MemOp.SC)))).named("x_drains");
        UInt product = ctl.storeBuffer.pad(WAIT_CNT_BITS).mul(w).named("sb_room_product_unused");
        UInt room = product.bits(WAIT_CNT_BITS - 1, 0).named("sb_room");
        UInt filled = sbNow.add(w).named("sb_filled");
        UInt overflow = mux(filled.gt(room), filled.sub(room), lit(0, WAIT_CNT_BITS)).named("sb_overflow");
        UInt ownWait = mux(buffered, overflow, mux(retire.and(x.isMem), w, mux(retire.and(x.pause), lit(PAUSE_CYCLES, WAIT_CNT_BITS),
                lit(0, WAIT_CNT_BITS)))).add(mux(drains, sbNow, lit(0, WAIT_CNT_BITS))).named("x_own_wait");
        UInt exitWait = ownWait.add(d.fetchWait().pad(WAIT_CNT_BITS)).named("x_exit_wait");
        for (int t = 0; t < h; t++) {
            int tt = t;
            Bool here = d.valid().and(d.thread().eq(t));
            when(ctl.run.not(), () -> {
                pcs.get(tt).set(ctl.bootPc);
                waitCnt.get(tt).set(0);
                sbWait.get(tt).set(0);
                instret.get(tt).set(0);
            }).otherwise(() -> {
                when(waitCnt.get(tt).ne(0), () -> waitCnt.get(tt).set(waitCnt.get(tt).sub(1)));
                when(here, () -> waitCnt.get(tt).set(exitWait));
                when(sbWait.get(tt).ne(0), () -> sbWait.get(tt).set(sbWait.get(tt).sub(1)));
                when(here.and(buffered), () -> sbWait.get(tt).set(filled));
                when(here.and(retire), () -> {
                    pcs.get(tt).set(x.target);
                    instret.get(tt).set(instret.get(tt).add(1));
                });
            });
        }
    }

    /** Bit t set when {@code index} is t, of {@code threads} bits. */
    private static UInt oneHot(UInt index, int threads) {
        Bool[] bits = new Bool[threads];
        for (int t = 0; t < threads; t++) bits[t] = index.eq(t);
        return word(bits);
    }

    /** The bits as a word, {@code bits[0]} its least significant. */
    private static UInt word(Bool[] bits) {
        return bits.length == 1 ? bits[0] : cat(reversed(bits));
    }

    private static UInt regIndex(int threads, UInt thread, UInt reg) {
        return threads == 1 ? reg : cat(thread.bits(Integer.numberOfTrailingZeros(threads) - 1, 0), reg);
    }

    private static Bool[] reversed(Bool[] bits) {
        Bool[] r = new Bool[bits.length];
        for (int i = 0; i < bits.length; i++) r[i] = bits[bits.length - 1 - i];
        return r;
    }
}

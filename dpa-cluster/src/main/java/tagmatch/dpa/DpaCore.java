package tagmatch.dpa;

import tagmatch.hdl.core.Bool;
import tagmatch.hdl.core.Mem;
import tagmatch.hdl.core.Module;
import tagmatch.hdl.core.UInt;
import tagmatch.hdl.core.Vec;

import static tagmatch.dpa.Decompressor.sext;
import static tagmatch.hdl.core.Hdl.*;

/**
 * One fine-grained multithreaded RV64IMAC core: {@code threads} hardware threads, each with its
 * own pc and 32 registers (one memory indexed by {@code thread * 32 + reg}), sharing a three-stage
 * in-order pipeline. Fetch picks a ready thread round robin each cycle and reads its instruction;
 * decode expands a compressed instruction and reads the registers; execute computes, accesses
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

    final Bool run;
    final Bool freeze;
    final UInt bootPc;
    final UInt hartBase;
    final UInt activeHarts;
    final UInt cycle;
    final UInt fetchWord;
    /** The fetch reads RAM this cycle (a thread issues at a pc inside it). */
    final Bool fetchValid;
    /** Cycles the fetch costs over the pipeline (an instruction cache miss); paid by its thread when the instruction leaves execute. */
    final UInt fetchWait;
    final UInt fetchLo;
    final UInt fetchHi;
    /** The data access of the instruction in execute. */
    final MemPort mem;
    final ErrorReport error;
    final RetireReport retirement;
    final UInt probeThread;
    final UInt probeInstret;
    /** Bit t: thread t's hart holds a valid LR reservation (the cluster keeps them). */
    final UInt reservedIn;

    public DpaCore(DpaConfig cfg) {
        int h = cfg.threads();
        int tb = cfg.threadBits();
        int hb = cfg.hartBits();
        param("threads", h);
        param("ram_mib", cfg.ramMib());
        run = input("run", Bool());
        freeze = input("freeze", Bool());
        bootPc = input("boot_pc", UInt(64));
        hartBase = input("hart_base", UInt(hb));
        activeHarts = input("active_harts", UInt(hb + 1));
        cycle = input("cycle", UInt(64));
        fetchWord = output("fetch_word", UInt(cfg.wordBits()));
        fetchValid = output("fetch_valid", Bool());
        fetchWait = input("fetch_wait", UInt(MemResponse.WAIT_BITS));
        fetchLo = input("fetch_lo", UInt(64));
        fetchHi = input("fetch_hi", UInt(16));
        mem = output("mem", new MemPort(hb));
        error = output("err", new ErrorReport(hb));
        retirement = output("retire", new RetireReport(hb));
        probeThread = h > 1 ? input("probe_thread", UInt(tb)) : null;
        probeInstret = output("probe_instret", UInt(64));
        reservedIn = input("reserved", UInt(h));

        // ---- per-thread state ----
        Vec<UInt> pcs = reg(Vec(h, () -> UInt(64))).named("pc");
        // the threads' flags as words, bit t for thread t: a simulator updates all threads' in one operation
        UInt started = regInit(UInt(h), 0).named("started");
        UInt parked = regInit(UInt(h), 0).named("parked");
        UInt inflight = regInit(UInt(h), 0).named("inflight");
        UInt waitDiv = regInit(UInt(h), 0).named("wait_div");
        UInt waitResv = regInit(UInt(h), 0).named("wait_resv");
        Vec<UInt> waitCnt = regZero(Vec(h, () -> UInt(MemResponse.WAIT_BITS + 1))).named("wait_cnt");
        Vec<UInt> instret = regZero(Vec(h, () -> UInt(64))).named("instret");
        Mem<UInt> rf = mem(h * 32, UInt(64)).named("regs");
        Bool live = run.and(freeze.not()).named("live");

        // ---- fetch: round robin over ready threads ----
        UInt ready = wire("ready", UInt(h));
        Bool[] idle = new Bool[h];
        for (int t = 0; t < h; t++) idle[t] = waitCnt.get(t).eq(0);
        UInt waiting = parked.or(inflight).or(waitDiv).or(waitResv).named("waiting");
        ready.set(mux(live, started.and(waiting.not()).and(word(idle)), lit(0, h)));
        UInt sel = wire("sel", UInt(tb));
        sel.set(0);
        if (h > 1) {
            // the first ready thread after the last one issued, else the first ready thread
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
        Bool inRam = fpc.ge(lit(DpaConfig.RAM_BASE, 64)).and(off.bits(60, cfg.wordBits()).eq(0)).named("fetch_in_ram");
        fetchWord.set(off.bits(cfg.wordBits() - 1, 0));
        fetchValid.set(issue.and(inRam));
        UInt raw = wire("fetch_raw", UInt(32));
        raw.set(fetchLo.bits(31, 0));
        switchOn(fpc.bits(2, 1))
            .is(1, () -> raw.set(fetchLo.bits(47, 16)))
            .is(2, () -> raw.set(fetchLo.bits(63, 32)))
            .is(3, () -> raw.set(cat(fetchHi, fetchLo.bits(63, 48))));

        Bool fdValid = regInit(Bool(), 0).named("fd_valid");
        UInt fdThread = reg(UInt(tb)).named("fd_thread");
        UInt fdPc = reg(UInt(64)).named("fd_pc");
        UInt fdRaw = reg(UInt(32)).named("fd_raw");
        Bool fdFault = reg(Bool()).named("fd_fault");
        UInt fdFetchWait = reg(UInt(MemResponse.WAIT_BITS)).named("fd_fetch_wait");
        fdValid.set(issue);
        fdThread.set(sel);
        fdPc.set(fpc);
        fdRaw.set(raw);
        fdFault.set(inRam.not());
        fdFetchWait.set(fetchWait);

        // ---- decode: expand, read registers ----
        Decompressor dec = instance(new Decompressor());
        dec.in.set(fdRaw.bits(15, 0));
        Bool compressed = fdRaw.bits(1, 0).ne(3).named("compressed");
        UInt inst = mux(compressed, dec.out, fdRaw).named("inst");
        UInt rs1 = inst.bits(19, 15).named("rs1");
        UInt rs2 = inst.bits(24, 20).named("rs2");
        UInt va = mux(rs1.eq(0), lit(0, 64), rf.read(regIndex(h, fdThread, rs1))).named("rs1_value");
        UInt vb = mux(rs2.eq(0), lit(0, 64), rf.read(regIndex(h, fdThread, rs2))).named("rs2_value");

        Bool dxValid = regInit(Bool(), 0).named("dx_valid");
        UInt dxThread = reg(UInt(tb)).named("dx_thread");
        UInt dxPc = reg(UInt(64)).named("dx_pc");
        UInt dxInst = reg(UInt(32)).named("dx_inst");
        UInt dxRaw = reg(UInt(32)).named("dx_raw");
        Bool dxComp = reg(Bool()).named("dx_compressed");
        Bool dxBadC = reg(Bool()).named("dx_bad_compressed");
        Bool dxFault = reg(Bool()).named("dx_fetch_fault");
        UInt dxFetchWait = reg(UInt(MemResponse.WAIT_BITS)).named("dx_fetch_wait");
        UInt a = reg(UInt(64)).named("dx_a");
        UInt b = reg(UInt(64)).named("dx_b");
        dxValid.set(fdValid.and(live));
        dxThread.set(fdThread);
        dxPc.set(fdPc);
        dxInst.set(inst);
        dxRaw.set(fdRaw);
        dxComp.set(compressed);
        dxBadC.set(compressed.and(dec.illegal));
        dxFault.set(fdFault);
        dxFetchWait.set(fdFetchWait);
        a.set(va);
        b.set(vb);

        // ---- execute ----
        Execute x = new Execute(dxInst, dxPc, dxComp, a, b);
        UInt hartId = hartBase.add(dxThread.pad(hb)).named("x_hart");
        UInt myInstret = instret.at(dxThread).named("x_instret");
        UInt csrValue = wire("csr_value", UInt(64));
        Bool csrKnown = wire("csr_known", Bool());
        csrValue.set(0);
        csrKnown.set(1);
        switchOn(dxInst.bits(31, 20))
            .is(Rv64.MHARTID, () -> csrValue.set(hartId.pad(64)))
            .is(Rv64.MCYCLE, () -> csrValue.set(cycle))
            .is(Rv64.CYCLE, () -> csrValue.set(cycle))
            .is(Rv64.TIME, () -> csrValue.set(cycle))
            .is(Rv64.MINSTRET, () -> csrValue.set(myInstret))
            .is(Rv64.INSTRET, () -> csrValue.set(myInstret))
            .otherwise(() -> csrKnown.set(0));

        Divider div = instance(new Divider());
        UInt divOwner = reg(UInt(tb)).named("div_owner");
        Bool xAct = dxValid.and(live).named("x_active");
        Bool legal = x.legal.and(x.isCsr.not().or(csrKnown)).named("x_legal");
        Bool err = wire("x_err", Bool());
        UInt cause = wire("x_cause", UInt(4));
        err.set(1);
        cause.set(0);
        when(dxFault, () -> cause.set(Rv64.FETCH_FAULT))
            .elseWhen(dxBadC.or(legal.not()), () -> cause.set(Rv64.ILLEGAL))
            .elseWhen(x.ebreak, () -> cause.set(Rv64.BREAKPOINT))
            .elseWhen(x.ecall, () -> cause.set(Rv64.ECALL_M))
            .elseWhen(x.isMem.and(x.misaligned), () -> cause.set(mux(x.memOp.isOneOf(MemOp.LOAD, MemOp.LR),
                    lit(Rv64.LOAD_MISALIGNED, 4), lit(Rv64.STORE_MISALIGNED, 4))))
            .elseWhen(x.isMem.and(mem.resp.fault), () -> cause.set(mux(x.memOp.is(MemOp.LOAD), lit(Rv64.LOAD_FAULT, 4), lit(Rv64.STORE_FAULT, 4))))
            .otherwise(() -> err.set(0));
        Bool clean = xAct.and(dxFault.not()).and(dxBadC.not()).and(legal).and(x.ebreak.not()).and(x.ecall.not()).named("x_clean");
        MemRequest req = mem.req;
        req.valid.set(clean.and(x.isMem).and(x.misaligned.not()));
        req.addr.set(x.memAddr);
        req.op.set(x.memOp);
        req.size.set(x.memSize);
        req.unsigned.set(x.memUnsigned);
        req.amo.set(dxInst.bits(31, 27));
        req.data.set(b);
        req.hart.set(hartId);

        Bool divMine = div.done.and(divOwner.eq(dxThread)).named("div_mine");
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
        div.op.set(dxInst.bits(13, 12));
        div.word.set(x.word);
        div.a.set(a);
        div.b.set(b);
        div.ack.set(retire.and(x.isDiv));
        when(divStart, () -> divOwner.set(dxThread));

        UInt rd = dxInst.bits(11, 7).named("rd");
        Bool write = retire.and(x.writesRd).and(rd.ne(0)).named("x_write");
        when(write, () -> rf.write(regIndex(h, dxThread, rd), value));

        error.valid.set(xAct.and(err));
        error.cause.set(cause);
        error.pc.set(dxPc);
        error.inst.set(mux(dxComp, dxRaw.bits(15, 0).pad(32), dxRaw));
        error.hart.set(hartId);
        retirement.valid.set(retire);
        retirement.hart.set(hartId);
        retirement.pc.set(dxPc);
        retirement.rd.set(mux(write, rd, lit(0, 5)));
        retirement.value.set(mux(write, value, lit(0, 64)));
        probeInstret.set(h > 1 ? instret.at(probeThread) : instret.get(0));

        // ---- per-thread updates (the execute stage's come last: they win) ----
        UInt fetchedBit = mux(issue, oneHot(sel, h), lit(0, h)).named("fetched_bit");
        UInt hereBit = mux(dxValid, oneHot(dxThread, h), lit(0, h)).named("here_bit");
        UInt retiredBit = mux(retire, hereBit, lit(0, h)).named("retired_bit");
        Bool[] starts = new Bool[h];
        for (int t = 0; t < h; t++) starts[t] = hartBase.pad(hb + 1).add(lit(t, hb + 1)).lt(activeHarts);
        when(run.not(), () -> {
            started.set(word(starts));
            parked.set(0);
            inflight.set(0);
            waitDiv.set(0);
            waitResv.set(0);
        }).otherwise(() -> {
            inflight.set(inflight.or(fetchedBit).and(hereBit.not()));
            waitDiv.set(waitDiv.and(mux(div.done, oneHot(divOwner, h), lit(0, h)).not()).or(mux(divStart, hereBit, lit(0, h))));
            // with no reservation there is nothing to wait for: wrs.nto ends at once
            waitResv.set(waitResv.and(reservedIn).or(mux(x.waitReserved, retiredBit.and(reservedIn), lit(0, h))));
            parked.set(parked.or(mux(x.wfi, retiredBit, lit(0, h))));
        });
        // what the instruction leaving execute costs its thread: the memory access's wait or a pause's, and the
        // fetch's miss, paid once whether the instruction retires or replays (its fetch again then hits)
        UInt ownWait = mux(retire.and(x.isMem), mem.resp.wait, mux(retire.and(x.pause), lit(PAUSE_CYCLES, MemResponse.WAIT_BITS),
                lit(0, MemResponse.WAIT_BITS)));
        UInt exitWait = ownWait.addExpand(dxFetchWait).named("x_exit_wait");
        for (int t = 0; t < h; t++) {
            int tt = t;
            Bool here = dxValid.and(dxThread.eq(t));
            when(run.not(), () -> {
                pcs.get(tt).set(bootPc);
                waitCnt.get(tt).set(0);
                instret.get(tt).set(0);
            }).otherwise(() -> {
                when(waitCnt.get(tt).ne(0), () -> waitCnt.get(tt).set(waitCnt.get(tt).sub(1)));
                when(here, () -> waitCnt.get(tt).set(exitWait));
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

package tagmatch.dpa;

import tagmatch.hdl.core.Bool;
import tagmatch.hdl.core.Mem;
import tagmatch.hdl.core.Module;
import tagmatch.hdl.core.UInt;
import tagmatch.hdl.core.Vec;

import java.util.ArrayList;
import java.util.List;

import static tagmatch.hdl.core.Hdl.*;

/**
 * The cluster: {@code cores} {@link DpaCore}s sharing one RAM of 64-bit words at
 * {@link DpaConfig#RAM_BASE}, word-interleaved over {@code banks} banks, plus the console and exit
 * registers. Each bank serves one access a cycle and is the cluster's atomic unit for its words:
 * it performs loads, stores, every AMO and LR/SC as one read-modify-write, so atomics need no
 * other lock, and it keeps the LR reservations (one per hart, on an 8-byte word) that its writes
 * break. Cores competing for a bank (or for the console) are granted in a rotating order; the
 * losers replay. Instructions are fetched straight from RAM (an ideal instruction cache).
 *
 * <p>Programs are written through the load port ({@code load_en}, {@code load_word},
 * {@code load_data}) while {@code run} is low; raising {@code run} starts every hart below
 * {@code active_harts} at {@code boot_pc} one cycle later (the cluster registers {@code run}; that cycle
 * counts in neither {@code cycles} nor any hart's state). {@code stop} rises when the console buffer is full
 * (the runner drains it with {@code console_clear}), a hart stored to the exit register, or a hart
 * hit an error (an illegal instruction, ecall, ebreak, a fault), which freezes the cluster.
 */
public final class DpaCluster extends Module {
    /** Bytes the console buffer holds before the runner must drain it. */
    public static final int CONSOLE_BYTES = 8;

    public DpaCluster(DpaConfig cfg) {
        param("cores", cfg.cores());
        param("threads", cfg.threads());
        param("banks", cfg.banks());
        param("ram_mib", cfg.ramMib());
        int nc = cfg.cores(), hb = cfg.hartBits(), wb = cfg.wordBits(), tb = cfg.threadBits();
        Bool runIn = input("run", Bool());
        UInt bootPc = input("boot_pc", UInt(64));
        UInt activeHarts = input("active_harts", UInt(hb + 1));
        UInt latency = input("latency", UInt(8));
        Bool loadEn = input("load_en", Bool());
        UInt loadWord = input("load_word", UInt(wb));
        UInt loadData = input("load_data", UInt(64));
        Bool consoleClear = input("console_clear", Bool());
        // a one-hart cluster has nothing to choose between
        UInt probeHart = cfg.harts() > 1 ? input("probe_hart", UInt(hb)) : null;
        Bool stop = output("stop", Bool());
        Bool exitedOut = output("exited", Bool());
        UInt exitCodeOut = output("exit_code", UInt(64));
        Bool errorOut = output("error", Bool());
        UInt errCauseOut = output("err_cause", UInt(4));
        UInt errPcOut = output("err_pc", UInt(64));
        UInt errInstOut = output("err_inst", UInt(32));
        UInt errHartOut = output("err_hart", UInt(hb));
        UInt consoleCount = output("console_count", UInt(4));
        UInt consoleData = output("console_data", UInt(8 * CONSOLE_BYTES));
        UInt cyclesOut = output("cycles", UInt(64));
        UInt probeInstret = output("probe_instret", UInt(64));
        List<Bool> traceValid = new ArrayList<>();
        List<UInt> traceHart = new ArrayList<>(), tracePc = new ArrayList<>(), traceRd = new ArrayList<>(), traceValue = new ArrayList<>();
        for (int c = 0; c < nc; c++) {
            traceValid.add(output("trace" + c + "_valid", Bool()));
            traceHart.add(output("trace" + c + "_hart", UInt(hb)));
            tracePc.add(output("trace" + c + "_pc", UInt(64)));
            traceRd.add(output("trace" + c + "_rd", UInt(5)));
            traceValue.add(output("trace" + c + "_value", UInt(64)));
        }

        // Every block sees run through a register, so no combinational logic reads a top-level input that
        // changes while the harts run (console_clear aside): Verilator re-evaluates all logic fed by
        // inputs on every eval, twice a cycle, and run gates every core.
        Bool run = regInit(Bool(), 0).named("running");
        run.set(runIn);

        Mem<UInt> ram = mem(cfg.ramWords(), UInt(64)).named("ram");
        when(loadEn, () -> ram.write(loadWord, loadData));

        Bool exited = regInit(Bool(), 0).named("exited_r");
        UInt exitCode = regInit(UInt(64), 0).named("exit_code_r");
        Bool errored = regInit(Bool(), 0).named("errored");
        UInt errCause = regInit(UInt(4), 0).named("err_cause_r");
        UInt errPc = regInit(UInt(64), 0).named("err_pc_r");
        UInt errInst = regInit(UInt(32), 0).named("err_inst_r");
        UInt errHart = regInit(UInt(hb), 0).named("err_hart_r");
        Bool freeze = exited.or(errored).named("freeze");
        UInt cycles = regInit(UInt(64), 0).named("cycles_r");
        cycles.set(mux(run, cycles.add(1), lit(0, 64)));

        List<DpaCore> cores = new ArrayList<>();
        for (int c = 0; c < nc; c++) {
            DpaCore core = instance("core" + c, new DpaCore(cfg));
            cores.add(core);
            core.run.set(run);
            core.freeze.set(freeze);
            core.bootPc.set(bootPc);
            core.hartBase.set(lit((long) c * cfg.threads(), hb));
            core.activeHarts.set(activeHarts);
            core.latency.set(latency);
            core.cycle.set(cycles);
            core.fetchLo.set(ram.read(core.fetchWord));
            // only the next word's low halfword is fetched (the tail of an instruction that straddles two
            // words); the _unused suffix tells readers and Verilator's --unused-regexp that the rest is dropped
            UInt next = ram.read(core.fetchWord.add(1)).named("fetch" + c + "_next_unused");
            core.fetchHi.set(next.bits(15, 0));
            if (cfg.threads() > 1) core.probeThread.set(probeHart.bits(tb - 1, 0));
            traceValid.get(c).set(core.retireValid);
            traceHart.get(c).set(core.retireHart);
            tracePc.get(c).set(core.retirePc);
            traceRd.get(c).set(core.retireRd);
            traceValue.get(c).set(core.retireValue);
        }
        UInt probed = cores.get(0).probeInstret;
        if (nc > 1) {
            UInt probeCore = cfg.threads() == 1 ? probeHart : probeHart.shr(Integer.numberOfTrailingZeros(cfg.threads()));
            for (int c = 1; c < nc; c++) probed = mux(probeCore.eq(c), cores.get(c).probeInstret, probed);
        }
        probeInstret.set(probed);

        // ---- errors: the first one (lowest core in a cycle) is kept and freezes the cluster ----
        for (int c = nc - 1; c >= 0; c--) {
            DpaCore core = cores.get(c);
            when(errored.not().and(core.errValid), () -> {
                errored.set(1);
                errCause.set(core.errCause);
                errPc.set(core.errPc);
                errInst.set(core.errInst);
                errHart.set(core.errHart);
            });
        }

        // ---- requests: where each goes ----
        int cb = Math.max(1, 32 - Integer.numberOfLeadingZeros(nc - 1));
        UInt prio = regInit(UInt(cb), 0).named("prio");
        prio.set(mux(prio.eq(nc - 1), lit(0, cb), prio.add(1)));
        UInt[] rank = new UInt[nc];
        Bool[] toRam = new Bool[nc], toMmio = new Bool[nc];
        UInt[] word = new UInt[nc];
        for (int c = 0; c < nc; c++) {
            DpaCore core = cores.get(c);
            UInt d = lit(c + nc, cb + 1).sub(prio.pad(cb + 1));
            rank[c] = mux(d.ge(nc), d.sub(nc), d);
            if (nc > 1) rank[c] = rank[c].named("rank" + c);
            UInt off = core.reqAddr.bits(63, 3).sub(lit(DpaConfig.RAM_BASE >>> 3, 61));
            Bool inRam = core.reqAddr.ge(lit(DpaConfig.RAM_BASE, 64)).and(off.bits(60, wb).eq(0));
            Bool plain = core.reqKind.eq(DpaCore.LOAD).or(core.reqKind.eq(DpaCore.STORE));
            Bool inMmio = core.reqAddr.bits(63, 4).eq(lit(DpaConfig.CONSOLE >>> 4, 60)).and(plain);
            toRam[c] = core.reqValid.and(inRam).named("to_ram" + c);
            toMmio[c] = core.reqValid.and(inMmio).named("to_mmio" + c);
            word[c] = off.bits(wb - 1, 0).named("word" + c);
            core.respFault.set(core.reqValid.and(inRam.not()).and(inMmio.not()));
        }

        // ---- reservations: one per hart ----
        int harts = cfg.harts();
        Vec<Bool> resvValid = regZero(Vec(harts, () -> Bool())).named("resv_valid");
        Vec<UInt> resvWord = reg(Vec(harts, () -> UInt(wb))).named("resv_word");
        when(run.not(), () -> { for (Bool v : resvValid) v.set(0); });
        // a thread in wrs.nto waits while its hart's reservation lasts
        for (int c = 0; c < nc; c++) {
            Bool[] live = new Bool[cfg.threads()];
            for (int t = 0; t < live.length; t++) live[live.length - 1 - t] = resvValid.get(c * cfg.threads() + t);
            cores.get(c).reservedIn.set(live.length == 1 ? live[0] : cat(live));
        }

        // ---- banks ----
        Bool[] granted = new Bool[nc];
        UInt[] data = new UInt[nc];
        for (int c = 0; c < nc; c++) { granted[c] = lit(false); data[c] = lit(0, 64); }
        List<Runnable> reservationSets = new ArrayList<>();
        for (int bk = 0; bk < cfg.banks(); bk++) {
            Bool[] req = new Bool[nc];
            for (int c = 0; c < nc; c++)
                req[c] = cfg.banks() == 1 ? toRam[c] : toRam[c].and(word[c].bits(Integer.numberOfTrailingZeros(cfg.banks()) - 1, 0).eq(bk));
            Bool[] win = arbitrate(req, rank, "bank" + bk);
            Bool any = orAll(win).named("bank" + bk + "_busy");
            UInt bWord = pick(win, word, "bank" + bk + "_word");
            UInt bAddr = pick(win, cores.stream().map(k -> k.reqAddr.bits(2, 0)).toArray(UInt[]::new), "bank" + bk + "_offset");
            UInt bKind = pick(win, cores.stream().map(k -> k.reqKind).toArray(UInt[]::new), "bank" + bk + "_kind");
            UInt bSize = pick(win, cores.stream().map(k -> k.reqSize).toArray(UInt[]::new), "bank" + bk + "_size");
            UInt bUns = pick(win, cores.stream().map(k -> (UInt) k.reqUnsigned).toArray(UInt[]::new), "bank" + bk + "_unsigned");
            UInt bAmo = pick(win, cores.stream().map(k -> k.reqAmo).toArray(UInt[]::new), "bank" + bk + "_amo");
            UInt bData = pick(win, cores.stream().map(k -> k.reqData).toArray(UInt[]::new), "bank" + bk + "_data");
            UInt bHart = pick(win, cores.stream().map(k -> k.reqHart).toArray(UInt[]::new), "bank" + bk + "_hart");
            AtomicUnit au = new AtomicUnit(ram.read(bWord).named("bank" + bk + "_old"), bAddr, bKind, bSize, bUns.bit(0), bAmo, bData,
                    resvValid.at(bHart).and(resvWord.at(bHart).eq(bWord)), "bank" + bk);
            Bool write = any.and(au.write).named("bank" + bk + "_write");
            when(write, () -> ram.write(bWord, au.newWord));
            // a write breaks every reservation on its word; the bank's own LR or SC then sets or clears its hart's
            for (int h = 0; h < harts; h++) {
                int hh = h;
                when(write.and(resvWord.get(h).eq(bWord)), () -> resvValid.get(hh).set(0));
            }
            reservationSets.add(() -> {
                when(any.and(bKind.eq(DpaCore.LR)), () -> {
                    resvValid.at(bHart).set(lit(true));
                    resvWord.at(bHart).set(bWord);
                });
                when(any.and(bKind.eq(DpaCore.SC)), () -> resvValid.at(bHart).set(lit(false)));
            });
            for (int c = 0; c < nc; c++) {
                granted[c] = granted[c].or(win[c]);
                data[c] = mux(win[c], au.result, data[c]);
            }
        }
        for (Runnable r : reservationSets) r.run();

        // ---- console and exit ----
        Vec<UInt> console = reg(Vec(CONSOLE_BYTES, () -> UInt(8))).named("console");
        UInt count = regInit(UInt(4), 0).named("console_count_r");
        Bool full = count.eq(CONSOLE_BYTES).named("console_full");
        Bool[] mWin = arbitrate(toMmio, rank, "mmio");
        Bool mAny = orAll(mWin).named("mmio_busy");
        UInt mExit = pick(mWin, cores.stream().map(k -> (UInt) k.reqAddr.bit(3)).toArray(UInt[]::new), "mmio_exit");
        UInt mKind = pick(mWin, cores.stream().map(k -> k.reqKind).toArray(UInt[]::new), "mmio_kind");
        UInt mData = pick(mWin, cores.stream().map(k -> k.reqData).toArray(UInt[]::new), "mmio_data");
        Bool mStore = mAny.and(mKind.eq(DpaCore.STORE)).named("mmio_store");
        Bool toConsole = mStore.and(mExit.bit(0).not()).named("to_console");
        Bool blocked = toConsole.and(full).and(consoleClear.not()).named("console_blocked");
        UInt slot = mux(consoleClear, lit(0, 4), count).named("console_slot");
        when(consoleClear, () -> count.set(0));
        when(toConsole.and(blocked.not()), () -> {
            console.at(slot.bits(2, 0)).set(mData.bits(7, 0));
            count.set(slot.add(1));
        });
        when(run.not(), () -> count.set(0));
        when(mStore.and(mExit.bit(0)), () -> {
            exited.set(1);
            exitCode.set(mData.shr(1).pad(64));
        });
        for (int c = 0; c < nc; c++) {
            granted[c] = granted[c].or(mWin[c].and(blocked.not()));
            cores.get(c).respGrant.set(granted[c]);
            cores.get(c).respData.set(data[c]);
        }

        stop.set(exited.or(errored).or(full));
        exitedOut.set(exited);
        exitCodeOut.set(exitCode);
        errorOut.set(errored);
        errCauseOut.set(errCause);
        errPcOut.set(errPc);
        errInstOut.set(errInst);
        errHartOut.set(errHart);
        consoleCount.set(count);
        consoleData.set(console.asUInt());
        cyclesOut.set(cycles);
    }

    /** The one requester that wins: requesting, and no requester of lower rank is. */
    private static Bool[] arbitrate(Bool[] req, UInt[] rank, String name) {
        Bool[] win = new Bool[req.length];
        for (int c = 0; c < req.length; c++) {
            Bool w = req[c];
            for (int o = 0; o < req.length; o++)
                if (o != c) w = w.and(req[o].and(rank[o].lt(rank[c])).not());
            win[c] = w.named(name + "_win" + c);
        }
        return win;
    }

    private static Bool orAll(Bool[] bits) {
        Bool r = bits[0];
        for (int i = 1; i < bits.length; i++) r = r.or(bits[i]);
        return r;
    }

    private static UInt pick(Bool[] win, UInt[] values, String name) {
        UInt r = values[0];
        for (int i = 1; i < values.length; i++) r = mux(win[i], values[i], r);
        return r.named(name);
    }
}

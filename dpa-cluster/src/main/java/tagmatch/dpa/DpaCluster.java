package tagmatch.dpa;

import tagmatch.dpa.mem.CacheHierarchy;
import tagmatch.dpa.mem.LatencyInputs;
import tagmatch.dpa.nic.Nic;
import tagmatch.hdl.core.Bool;
import tagmatch.hdl.core.Mem;
import tagmatch.hdl.core.Module;
import tagmatch.hdl.core.UInt;

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
        this(cfg, List.of());
    }

    /** The cluster with {@code devices} on its interconnect ({@link BusDevice}), elaborated into the same circuit. */
    public DpaCluster(DpaConfig cfg, List<DeviceSlot> devices) {
        param("cores", cfg.cores());
        param("threads", cfg.threads());
        param("banks", cfg.banks());
        param("ram_mib", cfg.ramMib());
        int nc = cfg.cores();
        Pins pins = new Pins(cfg);

        // Every block sees run through a register, so no combinational logic reads a top-level input that
        // changes while the harts run (console_clear aside): Verilator re-evaluates all logic fed by
        // inputs on every eval, twice a cycle, and run gates every core.
        Bool run = regInit(Bool(), 0).named("running");
        run.set(pins.run);
        Mem<UInt> ram = mem(cfg.ramWords(), UInt(64)).named("ram");
        when(pins.loadEn.and(pins.loadHost.not()), () -> ram.write(pins.loadWord, pins.loadData));
        UInt cycles = regInit(UInt(64), 0).named("cycles_r");
        cycles.set(mux(run, cycles.add(1), lit(0, 64)));
        // the first error (lowest core in a cycle) is kept and freezes the cluster
        ErrorReport error = regZero(new ErrorReport(cfg.hartBits())).named("err_r");

        Nic nic = nic(cfg, pins, run, cycles);
        CacheHierarchy caches = new CacheHierarchy(cfg.caches(), nc, cfg.threads(), cfg.wordBits(), pins.latency);
        DpaCore[] cores = cores(cfg, pins, ram, caches, run, cycles);
        MemRequest[] reqs = new MemRequest[nc];
        for (int c = 0; c < nc; c++) reqs[c] = cores[c].mem.req;
        for (int c = nc - 1; c >= 0; c--) {
            DpaCore core = cores[c];
            when(error.valid.not().and(core.error.valid), () -> error.set(core.error));
        }
        pins.probeInstret.set(probedInstret(cfg, cores, pins.probeHart));

        Bool freeze = wire("freeze", Bool());
        RotatingPriority arbiter = new RotatingPriority(nc);
        DeviceBus devs = new DeviceBus(devices, reqs, run, freeze, arbiter);
        Routes routes = new Routes(cfg, cores, nic, devs);
        Banks banks = new Banks(cfg, ram, run, reqs, routes.toRam, routes.word, arbiter);
        ConsoleAndExit mmio = new ConsoleAndExit(run, pins.consoleClear, reqs, routes.toMmio, arbiter);
        freeze.set(mmio.exited.or(error.valid));
        nic.freeze.set(freeze);
        // the NIC's store: a DMA write, which breaks reservations on its word like a core's
        nic.mReady.set(lit(true));
        Bool nicStore = nic.mValid.and(nic.mWrite).named("nic_store");
        when(nicStore, () -> ram.write(nic.mWord, nic.mData));
        nic.mRdata.set(ram.read(nic.mWord));
        banks.breakReservations(nicStore, nic.mWord);
        // the harts' accesses to the NIC's registers and host memory: one a cycle, formatted by an atomic unit
        Bool[] nWin = arbiter.grant(routes.toNic, "nic");
        AtomicUnit nAu = nicAtomicUnit(nic, nWin, reqs);
        answerCores(cfg, cores, pins.latency, caches, freeze, banks, mmio, devs, nWin, nAu);
        for (int bk = 0; bk < cfg.banks(); bk++) caches.written(banks.writes[bk], banks.writeWords[bk], banks.ownStores[bk], "bank" + bk);
        Bool[] noCore = new Bool[nc];
        java.util.Arrays.fill(noCore, lit(false));
        caches.written(nicStore, nic.mWord, noCore, "nic");
        caches.finish(run).forEach((name, counter) -> output("mem_" + name, UInt(64)).set(counter));

        pins.stop.set(mmio.exited.or(error.valid).or(mmio.full).or(nic.counter("wqe_error").ne(0)));
        pins.exited.set(mmio.exited);
        pins.exitCode.set(mmio.exitCode);
        pins.error.set(error);
        pins.consoleCount.set(mmio.count);
        pins.consoleData.set(mmio.bytes.asUInt());
        pins.cycles.set(cycles);
    }

    /** The cluster's run, load and console inputs and its status outputs (the NIC's, the cores' and the caches' ports are added where they are wired). */
    private final class Pins {
        final Bool run;
        final UInt bootPc;
        final UInt activeHarts;
        final LatencyInputs latency;
        final Bool loadEn;
        final UInt loadWord;
        final UInt loadData;
        final Bool loadHost;
        final Bool consoleClear;
        /** The hart whose retired instructions are probed; null in a one-hart cluster, which has nothing to choose between. */
        final UInt probeHart;
        final Bool stop;
        final Bool exited;
        final UInt exitCode;
        final ErrorReport error;
        final UInt consoleCount;
        final UInt consoleData;
        final UInt cycles;
        final UInt probeInstret;

        Pins(DpaConfig cfg) {
            int hb = cfg.hartBits(), wb = cfg.wordBits();
            run = input("run", Bool());
            bootPc = input("boot_pc", UInt(64));
            activeHarts = input("active_harts", UInt(hb + 1));
            latency = input("mem", new LatencyInputs());
            loadEn = input("load_en", Bool());
            loadWord = input("load_word", UInt(wb));
            loadData = input("load_data", UInt(64));
            loadHost = input("load_host", Bool());
            consoleClear = input("console_clear", Bool());
            probeHart = cfg.harts() > 1 ? input("probe_hart", UInt(hb)) : null;
            stop = output("stop", Bool());
            exited = output("exited", Bool());
            exitCode = output("exit_code", UInt(64));
            error = output("err", new ErrorReport(hb));
            consoleCount = output("console_count", UInt(4));
            consoleData = output("console_data", UInt(8 * CONSOLE_BYTES));
            cycles = output("cycles", UInt(64));
            probeInstret = output("probe_instret", UInt(64));
        }
    }

    /** The NIC, with its load and peek ports and its counters as outputs. */
    private Nic nic(DpaConfig cfg, Pins pins, Bool run, UInt cycles) {
        Nic nic = instance("nic", new Nic(cfg));
        nic.run.set(run);
        nic.cycle.set(cycles);
        nic.wire.set(pins.latency.wire);
        nic.loadEn.set(pins.loadEn.and(pins.loadHost));
        nic.loadWord.set(pins.loadWord);
        nic.loadData.set(pins.loadData);
        nic.peekWord.set(input("host_peek_word", UInt(cfg.wordBits())));
        output("host_peek_data", UInt(64)).set(nic.peekData);
        output("nic_started", Bool()).set(nic.started);
        for (String c : Nic.COUNTERS) output("nic_" + c, UInt(64)).set(nic.counter(c));
        for (String c : Nic.HOST_ACCESSES) output("nic_" + c, UInt(64)).set(nic.counter(c));
        return nic;
    }

    /** The cores, each with its control inputs, its instruction fetch from RAM and its retirement trace output. */
    private DpaCore[] cores(DpaConfig cfg, Pins pins, Mem<UInt> ram, CacheHierarchy caches, Bool run, UInt cycles) {
        int hb = cfg.hartBits();
        DpaCore[] cores = new DpaCore[cfg.cores()];
        for (int c = 0; c < cores.length; c++) {
            DpaCore core = instance("core" + c, new DpaCore(cfg));
            cores[c] = core;
            core.ctl.run.set(run);
            core.ctl.bootPc.set(pins.bootPc);
            core.ctl.hartBase.set(lit((long) c * cfg.threads(), hb));
            core.ctl.activeHarts.set(pins.activeHarts);
            core.ctl.cycle.set(cycles);
            core.ctl.storeBuffer.set(mux(pins.latency.caches, pins.latency.storeBuffer, lit(0, 4)));
            core.fetch.lo.set(ram.read(core.fetch.word));
            // only the next word's low halfword is fetched (the tail of an instruction that straddles two
            // words); the _unused suffix tells readers and Verilator's --unused-regexp that the rest is dropped
            UInt next = ram.read(core.fetch.word.add(1)).named("fetch" + c + "_next_unused");
            core.fetch.hi.set(next.bits(15, 0));
            core.fetch.wait.set(caches.fetchWait(c, core.fetch.valid, core.fetch.word));
            if (cfg.threads() > 1) core.probeThread.set(pins.probeHart.bits(cfg.threadBits() - 1, 0));
            output("trace" + c, new RetireReport(hb)).set(core.retirement);
        }
        return cores;
    }

    /** The retired-instruction count of the probed hart's core (each core picks its own thread). */
    private static UInt probedInstret(DpaConfig cfg, DpaCore[] cores, UInt probeHart) {
        UInt probed = cores[0].probeInstret;
        if (cores.length > 1) {
            UInt probeCore = cfg.threads() == 1 ? probeHart : probeHart.shr(Integer.numberOfTrailingZeros(cfg.threads()));
            for (int c = 1; c < cores.length; c++) probed = mux(probeCore.eq(c), cores[c].probeInstret, probed);
        }
        return probed;
    }

    /**
     * Where each core's request goes: a RAM bank (with its word), the console and exit registers, the NIC,
     * a device, or nowhere (a fault, answered here).
     */
    private static final class Routes {
        final Bool[] toRam;
        final Bool[] toMmio;
        final Bool[] toNic;
        final UInt[] word;

        Routes(DpaConfig cfg, DpaCore[] cores, Nic nic, DeviceBus devs) {
            int nc = cores.length, wb = cfg.wordBits();
            toRam = new Bool[nc];
            toMmio = new Bool[nc];
            toNic = new Bool[nc];
            word = new UInt[nc];
            int bankBits = Integer.numberOfTrailingZeros(cfg.banks());
            for (int c = 0; c < nc; c++) {
                MemRequest r = cores[c].mem.req;
                UInt off = r.addr.bits(63, 3).sub(lit(DpaConfig.RAM_BASE >>> 3, 61));
                Bool inRam = r.addr.ge(lit(DpaConfig.RAM_BASE, 64)).and(off.bits(60, wb).eq(0));
                Bool plain = r.op.isOneOf(MemOp.LOAD, MemOp.STORE);
                Bool inMmio = r.addr.bits(63, 4).eq(lit(DpaConfig.CONSOLE >>> 4, 60)).and(plain);
                // host memory also takes AMOs (PCIe atomics; GCC emits amoswap for an atomic store); the registers plain accesses only
                Bool inNic = Nic.decodes(r.addr, cfg, "nic" + c).and(plain.or(r.op.is(MemOp.AMO).and(Nic.isRegister(r.addr).not())));
                word[c] = off.bits(wb - 1, 0).named("word" + c);
                // the NIC's store has the bank it writes first: a core asking for that bank replays
                Bool nicBank = cfg.banks() == 1 ? nic.mValid : nic.mValid.and(nic.mWord.bits(bankBits - 1, 0).eq(word[c].bits(bankBits - 1, 0)));
                toRam[c] = r.valid.and(inRam).and(nicBank.not()).named("to_ram" + c);
                toMmio[c] = r.valid.and(inMmio).named("to_mmio" + c);
                toNic[c] = r.valid.and(inNic).named("to_nic" + c);
                cores[c].mem.resp.fault.set(r.valid.and(inRam.not()).and(inMmio.not()).and(inNic.not()).and(devs.decoded[c].not()));
            }
        }
    }

    /** The atomic unit that formats the granted hart's access to the NIC's registers and host memory. */
    private static AtomicUnit nicAtomicUnit(Nic nic, Bool[] nWin, MemRequest[] reqs) {
        AtomicUnit nAu = instance("nic_atomic", new AtomicUnit());
        nAu.old.set(nic.sOld);
        nAu.offset.set(RotatingPriority.pick(nWin, reqs, q -> q.addr.bits(2, 0), "nic_offset"));
        nAu.op.set(RotatingPriority.pick(nWin, reqs, q -> q.op, "nic_op"));
        nAu.size.set(RotatingPriority.pick(nWin, reqs, q -> q.size, "nic_size"));
        nAu.unsigned.set(RotatingPriority.pick(nWin, reqs, q -> q.unsigned, "nic_unsigned"));
        nAu.amo.set(RotatingPriority.pick(nWin, reqs, q -> q.amo, "nic_amo"));
        nAu.data.set(RotatingPriority.pick(nWin, reqs, q -> q.data, "nic_data"));
        nAu.reserved.set(lit(false));
        nic.sValid.set(RotatingPriority.any(nWin));
        nic.sAddr.set(RotatingPriority.pick(nWin, reqs, q -> q.addr, "nic_addr"));
        nic.sWrite.set(nAu.write);
        nic.sAmo.set(nAu.op.is(MemOp.AMO));
        nic.sNew.set(nAu.newWord);
        return nAu;
    }

    /**
     * Each core's answer: the freeze, its threads' reservations, whether its request was granted, the data and
     * what the access costs. A load or AMO on host memory crosses to the host and back; a store to it is posted
     * (PCIe writes need no answer) and the NIC's registers are on the cluster's side: those two cost one hop, as
     * the console does.
     */
    private static void answerCores(DpaConfig cfg, DpaCore[] cores, LatencyInputs latency, CacheHierarchy caches, Bool freeze, Banks banks,
            ConsoleAndExit mmio, DeviceBus devs, Bool[] nWin, AtomicUnit nAu) {
        UInt hostWait = caches.hostWait();
        for (int c = 0; c < cores.length; c++) {
            DpaCore core = cores[c];
            MemRequest req = core.mem.req;
            core.ctl.freeze.set(freeze);
            // a thread in wrs.nto waits while its hart's reservation lasts: bit t is thread t's
            Bool[] live = new Bool[cfg.threads()];
            for (int t = 0; t < live.length; t++) live[live.length - 1 - t] = banks.resvValid.get(c * cfg.threads() + t);
            core.reservedIn.set(live.length == 1 ? live[0] : cat(live));
            core.mem.resp.grant.set(banks.granted[c].or(mmio.granted[c]).or(nWin[c]).or(devs.granted[c]));
            core.mem.resp.data.set(mux(nWin[c], nAu.result, mux(devs.granted[c], devs.data[c], banks.data[c])));
            // the console and exit registers and the devices cost what the L2 does: uncached, one hop away
            UInt mmioWait = mux(latency.caches, latency.l2, latency.flat.pad(MemResponse.WAIT_BITS));
            Bool hostRead = req.op.is(MemOp.STORE).not().and(Nic.isRegister(req.addr).not()).named("host_read" + c);
            UInt nicWait = mux(hostRead, hostWait, mmioWait);
            core.mem.resp.wait.set(mux(mmio.granted[c].or(devs.granted[c]), mmioWait, mux(nWin[c], nicWait, caches.dataWait(c, banks.granted[c], banks.word[c], req.op))));
        }
    }
}

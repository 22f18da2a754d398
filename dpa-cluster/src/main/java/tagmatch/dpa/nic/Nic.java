package tagmatch.dpa.nic;

import tagmatch.dpa.DpaConfig;
import tagmatch.dpa.MemResponse;
import tagmatch.hdl.core.Bool;
import tagmatch.hdl.core.Mem;
import tagmatch.hdl.core.Module;
import tagmatch.hdl.core.UInt;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static tagmatch.hdl.core.Hdl.*;

/**
 * The NIC and host block (docs/dpa.md, "The NIC and host block"; {@code nic.h}): it uses no hart.
 * It holds host memory (as many words as the cluster's RAM, at {@link NicMap#HOST_BASE}) and the
 * registers at {@link NicMap#REGS_BASE}, both served to the harts through one slave port (one
 * access a cycle, chosen by the cluster; the cluster's atomic unit formats it: the block shows
 * the addressed word as it is, {@code s_old}, and takes the word to write back, {@code s_new}).
 * Its {@link ScriptEngine} lands messages and commands and its {@link EntryTaker} takes the
 * handler's to-host entries into the log and returns their credits; they write DPA memory
 * through one master port, one 8-byte store a cycle ({@code m_valid}, {@code m_word},
 * {@code m_data}, done when {@code m_ready}), events first, then credits, messages and commands,
 * then work requests.
 */
public final class Nic extends Module {
    public final Bool run;
    public final Bool freeze;
    public final UInt cycle;
    /** Slave port: the winning hart's access (a plain load or store) to the registers or host memory. */
    public final Bool sValid;
    public final UInt sAddr;
    public final Bool sWrite;
    public final Bool sAmo;
    public final UInt sNew;
    public final UInt sOld;
    /** Master port: an 8-byte store to ({@code mWrite}) or load from DPA RAM word {@code mWord}; a load's word is {@code mRdata}, in the same cycle. */
    public final Bool mValid;
    public final Bool mWrite;
    public final UInt mWord;
    public final UInt mData;
    public final UInt mRdata;
    public final Bool mReady;
    /** Cycles from an RDMA read's WQE to its first word (the wire's round trip to the sender's memory). */
    public final UInt wire;
    /** The runner's port: host memory words written before the run, read after it. */
    public final Bool loadEn;
    public final UInt loadWord;
    public final UInt loadData;
    public final UInt peekWord;
    public final UInt peekData;
    /** High from the driver's store to {@code GO} on: the run the NIC counts has begun. */
    public final Bool started;
    /** The read-only registers' names, in offset order from {@code LANDED}: also outputs, for the runner. */
    public static final List<String> COUNTERS = List.of("landed", "commands", "taken", "events", "stalls", "first_cqe", "last_take", "done",
            "wait_end", "wqes", "wqe_error");
    /**
     * What the harts' accesses to host memory cost the host, counted here from {@code GO} on and read
     * back, not registers: a load or an AMO waits a PCIe round trip, a store is posted.
     */
    public static final List<String> HOST_ACCESSES = List.of("host_loads", "host_amos", "host_stores");
    private final Map<String, UInt> counters = new LinkedHashMap<>();

    public Nic(DpaConfig cfg) {
        param("ram_mib", cfg.ramMib());
        int wb = cfg.wordBits();
        run = input("run", Bool());
        freeze = input("freeze", Bool());
        cycle = input("cycle", UInt(64));
        sValid = input("s_valid", Bool());
        sAddr = input("s_addr", UInt(64));
        sWrite = input("s_write", Bool());
        sAmo = input("s_amo", Bool());
        sNew = input("s_new", UInt(64));
        sOld = output("s_old", UInt(64));
        mValid = output("m_valid", Bool());
        mWrite = output("m_write", Bool());
        mWord = output("m_word", UInt(wb));
        mData = output("m_data", UInt(64));
        mRdata = input("m_rdata", UInt(64));
        mReady = input("m_ready", Bool());
        wire = input("wire", UInt(MemResponse.WAIT_BITS));
        loadEn = input("load_en", Bool());
        loadWord = input("load_word", UInt(wb));
        loadData = input("load_data", UInt(64));
        peekWord = input("peek_word", UInt(wb));
        peekData = output("peek_data", UInt(64));
        started = output("started", Bool());
        for (String c : COUNTERS) counters.put(c, output(c, UInt(64)));
        for (String c : HOST_ACCESSES) counters.put(c, output(c, UInt(64)));

        Bool live = run.and(freeze.not()).named("live");
        Mem<UInt> host = mem(cfg.ramWords(), UInt(64)).named("host");
        when(loadEn, () -> host.write(loadWord, loadData));
        peekData.set(host.read(peekWord));

        // ---- registers ----
        NicRegisters r = new NicRegisters();
        Bool isReg = sAddr.bits(63, 12).eq(lit(NicMap.REGS_BASE >>> 12, 52)).named("s_is_reg");
        UInt regIndex = sAddr.bits(11, 3).named("s_reg");
        UInt hostWord = hostWord(sAddr, wb, "s_host_word");
        sOld.set(mux(isReg, r.read(regIndex), host.read(hostWord)));
        Bool regStore = live.and(sValid).and(sWrite).and(isReg).named("reg_store");
        Bool hostStore = live.and(sValid).and(sWrite).and(isReg.not()).named("host_store");
        r.store(regStore, regIndex, sNew);
        when(hostStore, () -> host.write(hostWord, sNew));
        started.set(r.go.ne(0));
        // counted from GO on: the driver's set-up before it (reading the layout block) is not the run's
        Bool hostAccess = live.and(sValid).and(isReg.not()).and(r.go.ne(0)).named("host_access");
        Bool[] kinds = {hostAccess.and(sWrite.not()).and(sAmo.not()), hostAccess.and(sAmo), hostAccess.and(sWrite).and(sAmo.not())};
        for (int i = 0; i < kinds.length; i++) {
            UInt n = regInit(UInt(64), 0).named(HOST_ACCESSES.get(i) + "_count");
            when(kinds[i], () -> n.set(n.add(1)));
            counters.get(HOST_ACCESSES.get(i)).set(n);
        }

        // ---- the engines; events have the master port first ----
        Bool eventPending = regInit(Bool(), 0).named("event_pending");
        UInt eventCount = regInit(UInt(64), 0).named("event_count");
        Bool eventStore = eventPending.and(r.event.ne(0)).named("event_store");
        Bool takerReady = live.and(mReady).and(eventStore.not()).named("taker_ready");
        EntryTaker taker = new EntryTaker(r, host, live, takerReady, cycle, wb);
        Bool engineReady = takerReady.and(taker.mValid.not()).named("engine_ready");
        ScriptEngine engine = new ScriptEngine(r, host, live, cycle, engineReady, taker.taken, wb);
        Bool dbStore = regStore.and(regIndex.eq(NicMap.SQ_DB / 8)).named("sq_db_store");
        Bool copyReady = engineReady.and(engine.mValid.not()).named("copy_ready");
        CopyEngine copy = new CopyEngine(r, host, live, cycle, copyReady, mRdata, dbStore, sNew, wire, cfg.ramBytes(), wb);
        mValid.set(live.and(eventStore.or(taker.mValid).or(engine.mValid).or(copy.mValid)));
        mWrite.set(eventStore.or(taker.mValid).or(engine.mValid).or(copy.mWrite));
        mWord.set(mux(eventStore, ramWord(r.event, wb, "event_word"), mux(taker.mValid, taker.mWord, mux(engine.mValid, engine.mWord, copy.mWord))));
        mData.set(mux(eventStore, eventCount.add(1), mux(taker.mValid, taker.mData, mux(engine.mValid, engine.mData, copy.mData))));

        // flexio_dev_cq_arm: an event at once if the producer is past ci, else at the next completion
        Bool msgArm = regStore.and(regIndex.eq(NicMap.MSG_ARM / 8)).named("msg_arm");
        Bool cmdArm = regStore.and(regIndex.eq(NicMap.CMD_ARM / 8)).named("cmd_arm");
        Bool msgArmWaits = sNew.bits(31, 0).eq(engine.msgPi.bits(31, 0)).named("msg_arm_waits");
        Bool cmdArmWaits = sNew.bits(31, 0).eq(engine.cmdPi.bits(31, 0)).named("cmd_arm_waits");
        Bool msgArmed = regInit(Bool(), 0).named("msg_armed");
        Bool cmdArmed = regInit(Bool(), 0).named("cmd_armed");
        Bool raise = msgArm.and(msgArmWaits.not()).or(cmdArm.and(cmdArmWaits.not()))
                .or(engine.msgLanded.and(msgArmed.or(msgArm.and(msgArmWaits))))
                .or(engine.cmdLanded.and(cmdArmed.or(cmdArm.and(cmdArmWaits)))).named("raise");
        when(msgArm.and(msgArmWaits), () -> msgArmed.set(1));
        when(engine.msgLanded, () -> msgArmed.set(0));
        when(cmdArm.and(cmdArmWaits), () -> cmdArmed.set(1));
        when(engine.cmdLanded, () -> cmdArmed.set(0));
        when(live.and(eventPending), () -> {
            // with no event word the event is counted and dropped
            when(r.event.eq(0).or(mReady), () -> {
                eventPending.set(0);
                eventCount.set(eventCount.add(1));
            });
        });
        when(raise, () -> eventPending.set(1));

        UInt[] values = {engine.msgPi, engine.cmdPi, taker.taken, eventCount, engine.stalls, engine.firstCqe, taker.lastTake, engine.done, engine.waitEnd,
                copy.wqes, copy.error};
        for (int i = 0; i < values.length; i++) {
            r.counters.get(i).set(values[i]);
            counters.get(COUNTERS.get(i)).set(values[i]);
        }
    }

    /** The output of read-only register {@code name} (one of {@link #COUNTERS}) or of a host access count ({@link #HOST_ACCESSES}). */
    public UInt counter(String name) {
        UInt u = counters.get(name);
        if (u == null) throw new IllegalArgumentException("no NIC counter " + name + "; legal: " + counters.keySet());
        return u;
    }

    /** Whether {@code addr} is in the block's registers. */
    public static Bool isRegister(UInt addr) {
        return addr.bits(63, 12).eq(lit(NicMap.REGS_BASE >>> 12, 52));
    }

    /** Whether a hart's plain load or store at {@code addr} goes to this block (registers or host memory). */
    public static Bool decodes(UInt addr, DpaConfig cfg, String name) {
        Bool reg = isRegister(addr);
        UInt off = unused(addr.sub(lit(NicMap.HOST_BASE, 64)), name + "_host_off_unused");
        Bool inHost = addr.ge(lit(NicMap.HOST_BASE, 64)).and(off.bits(63, cfg.wordBits() + 3).eq(0));
        return reg.or(inHost);
    }

    /** {@code v} named {@code name}, which ends in _unused: some of its bits are dropped on purpose (Verilator's lint knows the suffix). */
    static UInt unused(UInt v, String name) {
        return v.named(name);
    }

    /** The host memory word of host address {@code a}. */
    static UInt hostWord(UInt a, int wb, String name) {
        return unused(a.sub(lit(NicMap.HOST_BASE, 64)), name + "_off_unused").bits(wb + 2, 3).named(name);
    }

    /** The DPA RAM word of DPA address {@code a}. */
    static UInt ramWord(UInt a, int wb, String name) {
        return unused(a.sub(lit(DpaConfig.RAM_BASE, 64)), name + "_off_unused").bits(wb + 2, 3).named(name);
    }
}

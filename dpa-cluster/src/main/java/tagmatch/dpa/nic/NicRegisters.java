package tagmatch.dpa.nic;

import tagmatch.hdl.core.Bool;
import tagmatch.hdl.core.UInt;

import java.util.ArrayList;
import java.util.List;

import static tagmatch.hdl.core.Hdl.*;

/**
 * The block's registers ({@link NicMap} offsets), described into the enclosing {@link Nic}: the
 * configuration the driver writes before {@code GO}, the doorbells and arms the handler's device
 * calls store, and the read-only counters (wires the engines drive).
 */
final class NicRegisters {
    final UInt msgCq, msgLog, rq, rqStride, cmdCq, cmdLog, cmdRing, cmdStride, thRing, thLog, thStride, thCons, script, log,
            logWords, event, go, msgDbr, cmdDbr, msgArm, cmdArm, sqRing, sqCq, sqLog, sqCount, sqDb;
    /** The read-only registers, in {@link Nic#COUNTERS} order. */
    final List<UInt> counters = new ArrayList<>();
    /** Index (offset / 8) to register, in offset order; the read-only ones last. */
    private final List<UInt> byIndex = new ArrayList<>();
    private final int writable;

    NicRegisters() {
        msgCq = config("msg_cq");
        msgLog = config("msg_log");
        rq = config("rq");
        rqStride = config("rq_stride");
        cmdCq = config("cmd_cq");
        cmdLog = config("cmd_log");
        cmdRing = config("cmd_ring");
        cmdStride = config("cmd_stride");
        thRing = config("th_ring");
        thLog = config("th_log");
        thStride = config("th_stride");
        thCons = config("th_cons");
        script = config("script");
        log = config("log");
        logWords = config("log_words");
        event = config("event");
        go = config("go");
        msgDbr = config("msg_dbr");
        cmdDbr = config("cmd_dbr");
        msgArm = config("msg_arm");
        cmdArm = config("cmd_arm");
        sqRing = config("sq_ring");
        sqCq = config("sq_cq");
        sqLog = config("sq_log");
        sqCount = config("sq_count");
        sqDb = config("sq_db");
        writable = byIndex.size();
        for (String c : Nic.COUNTERS) counters.add(counter(c));
        if (byIndex.size() * 8 != NicMap.WQE_ERROR + 8 || writable * 8 != NicMap.LANDED)
            throw new IllegalStateException("the registers do not follow NicMap's offsets");
    }

    private UInt config(String name) {
        UInt r = regInit(UInt(64), 0).named("nic_" + name);
        byIndex.add(r);
        return r;
    }

    private UInt counter(String name) {
        UInt w = wire("nic_" + name + "_value", UInt(64));
        byIndex.add(w);
        return w;
    }

    /** The register at {@code index} (offset / 8); 0 past the last. */
    UInt read(UInt index) {
        UInt v = lit(0, 64);
        for (int i = byIndex.size() - 1; i >= 0; i--) v = mux(index.eq(i), byIndex.get(i), v);
        return v.named("nic_reg_read");
    }

    /** Writes {@code value} to the writable register at {@code index} when {@code enable}; GO only ever rises. */
    void store(Bool enable, UInt index, UInt value) {
        for (int i = 0; i < writable; i++) {
            UInt r = byIndex.get(i);
            if (r == go) when(enable.and(index.eq(i)).and(value.ne(0)), () -> go.set(1));
            else when(enable.and(index.eq(i)), () -> r.set(value));
        }
    }
}

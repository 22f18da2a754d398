package tagmatch.dpa.mem;

import tagmatch.dpa.MemOp;
import tagmatch.dpa.MemResponse;
import tagmatch.hdl.core.Bool;
import tagmatch.hdl.core.HwEnum;
import tagmatch.hdl.core.UInt;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static tagmatch.hdl.core.Hdl.*;

/**
 * The cluster's caches, described into it: per core an instruction and a data cache, a shared L2
 * and L3, all as {@link TagArray}s that decide what each access costs while the data stays in the
 * banked RAM. Loads look in their core's L1D, then the L2, the L3 and DRAM, filling every level
 * that missed. Stores write through to the L2 (a copy in the writer's L1D is updated in place and
 * stays valid; a miss allocates in the L2 and L3, not the L1D), or, with {@code write_back} high,
 * look in the writer's L1D first: a hit costs an L1 hit, a miss the level below and fills the
 * L1D (write-allocate). The data is coherent either way; the policy only sets the cost. AMOs and
 * LR/SC are performed at the L2 and cost its latency (or the levels below on a miss) plus
 * {@code atomic}. Every write,
 * whoever makes it, invalidates the line in every other core's L1D (an atomic's also in its own):
 * write-through with invalidation, so a line another core wrote misses next time. Fetch looks in
 * the core's L1I; a hit costs nothing over the pipeline, a miss the level that has the line.
 *
 * <p>With {@code caches} low every access costs the flat latency and nothing is looked up.
 */
public final class CacheHierarchy {
    private final LatencyInputs lat;
    private final int lineShift;
    private final TagArray l2, l3;
    private final TagArray[] l1i, l1d;
    private final Map<String, List<Bool>> events = new LinkedHashMap<>();

    /** The counters {@link #finish} makes, in the order of {@link #COUNTERS}' names. */
    public static final List<String> COUNTERS = List.of("l1i_hits", "l1i_misses", "l1d_hits", "l1d_misses", "l2_hits", "l2_misses",
            "l3_hits", "l3_misses");

    public CacheHierarchy(CacheGeometry g, int cores, int threads, int wordBits, LatencyInputs lat) {
        this.lat = lat;
        this.lineShift = Integer.numberOfTrailingZeros(g.lineBytes() / 8);
        int lineBits = wordBits - lineShift;
        l2 = new TagArray("l2", g.l2Lines(), g.l2Ways(), lineBits);
        l3 = new TagArray("l3", g.l3Lines(), g.l3Ways(), lineBits);
        l1i = new TagArray[cores];
        l1d = new TagArray[cores];
        for (int c = 0; c < cores; c++) {
            l1i[c] = new TagArray("core" + c + "_l1i", g.l1iLines(threads), g.l1Ways(), lineBits);
            l1d[c] = new TagArray("core" + c + "_l1d", g.l1dLines(threads), g.l1Ways(), lineBits);
        }
        for (String n : COUNTERS) events.put(n, new ArrayList<>());
    }

    /** The cycles a core's data access to RAM word {@code word} costs when it is performed ({@code done}). */
    public UInt dataWait(int core, Bool done, UInt word, HwEnum<MemOp> op) {
        String p = "c" + core + "d";
        UInt line = line(word, p);
        Bool on = done.and(lat.caches);
        Bool load = op.is(MemOp.LOAD), atomic = op.isOneOf(MemOp.AMO, MemOp.LR, MemOp.SC);
        Bool viaL1 = load.or(op.is(MemOp.STORE).and(lat.writeBack)).named("core" + core + "_data_via_l1");
        Bool l1Hit = l1d[core].lookup(on.and(viaL1), line, TRUE(), p);
        count("l1d", on.and(viaL1), l1Hit);
        Bool toL2 = on.and(viaL1.not().or(l1Hit.not())).named("core" + core + "_data_to_l2");
        UInt below = belowL1(toL2, line, p);
        UInt cached = mux(viaL1.and(l1Hit), lat.l1, below.add(mux(atomic, lat.atomic, lit(0, MemResponse.WAIT_BITS))).bits(MemResponse.WAIT_BITS - 1, 0));
        return mux(lat.caches, cached, lat.flat.pad(MemResponse.WAIT_BITS)).named("core" + core + "_data_wait");
    }

    /** The cycles a core's fetch from RAM word {@code word} costs over the pipeline: 0 on an L1I hit (or caches off). */
    public UInt fetchWait(int core, Bool fetching, UInt word) {
        String p = "c" + core + "i";
        UInt line = line(word, p);
        Bool on = fetching.and(lat.caches);
        Bool hit = l1i[core].lookup(on, line, TRUE(), p);
        count("l1i", on, hit);
        Bool toL2 = on.and(hit.not()).named("core" + core + "_fetch_to_l2");
        return mux(toL2, belowL1(toL2, line, p), lit(0, MemResponse.WAIT_BITS)).named("core" + core + "_fetch_wait");
    }

    /**
     * The cycles an access to host memory behind the window costs (uncached: every access crosses
     * to the host), or the flat latency with caches off.
     */
    public UInt hostWait() {
        return mux(lat.caches, lat.host, lat.flat.pad(MemResponse.WAIT_BITS)).named("host_wait");
    }

    /**
     * A write of RAM word {@code word} ({@code valid}): the line leaves every core's L1D except the
     * cores in {@code keeps}, whose copy the write updated (a plain store's own core).
     */
    public void written(Bool valid, UInt word, Bool[] keeps, String port) {
        UInt line = line(word, port);
        for (int c = 0; c < l1d.length; c++) l1d[c].invalidate(valid.and(lat.caches).and(keeps[c].not()), line, port);
    }

    /** The L2, else the L3, else DRAM: the cost of a line the L1 did not give. */
    private UInt belowL1(Bool valid, UInt line, String p) {
        Bool l2Hit = l2.lookup(valid, line, TRUE(), p);
        count("l2", valid, l2Hit);
        Bool toL3 = valid.and(l2Hit.not());
        Bool l3Hit = l3.lookup(toL3, line, TRUE(), p);
        count("l3", toL3, l3Hit);
        return mux(l2Hit, lat.l2, mux(l3Hit, lat.l3, lat.dram)).named(p + "_below_l1");
    }

    private UInt line(UInt word, String p) {
        return word.bits(word.width() - 1, lineShift).named(p + "_line");
    }

    private void count(String level, Bool looked, Bool hit) {
        events.get(level + "_hits").add(hit);
        events.get(level + "_misses").add(looked.and(hit.not()));
    }

    /**
     * Describes the invalidations (after every fill) and the event counters, cleared while
     * {@code run} is low; returns each counter by name ({@link #COUNTERS}).
     */
    public Map<String, UInt> finish(Bool run) {
        l2.finish();
        l3.finish();
        for (TagArray t : l1i) t.finish();
        for (TagArray t : l1d) t.finish();
        Map<String, UInt> out = new LinkedHashMap<>();
        for (Map.Entry<String, List<Bool>> e : events.entrySet()) {
            UInt n = regInit(UInt(64), 0).named("mem_" + e.getKey() + "_r");
            UInt sum = lit(0, 64);
            for (Bool b : e.getValue()) sum = sum.add(b.pad(64)).bits(63, 0);
            UInt next = sum;
            n.set(mux(run, n.add(next).bits(63, 0), lit(0, 64)));
            out.put(e.getKey(), n);
        }
        return out;
    }
}

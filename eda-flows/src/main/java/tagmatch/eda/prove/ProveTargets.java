package tagmatch.eda.prove;

import tagmatch.alpu.Variant;
import tagmatch.alpu.rtl.AlpuProperties;
import tagmatch.hdl.core.Elaborator;
import tagmatch.hdl.lib.formal.ArbiterProperties;
import tagmatch.hdl.lib.formal.CounterProperties;
import tagmatch.hdl.lib.formal.Faults;
import tagmatch.hdl.lib.formal.FifoProperties;
import tagmatch.hdl.lib.formal.OneHotMuxProperties;
import tagmatch.hdl.lib.formal.PipeProperties;
import tagmatch.hdl.lib.formal.PriorityEncoderProperties;
import tagmatch.hdl.lib.formal.PriorityTreeProperties;
import tagmatch.hdl.lib.formal.SkidBufferProperties;
import tagmatch.process.UsageError;

import java.util.ArrayList;
import java.util.List;

/** The targets of {@code tagmatch prove}, in the order {@code --list} shows them. */
public final class ProveTargets {
    private ProveTargets() {}

    private static final String ALPU_RULES = "occupancy = valid cells, contiguous once settled, a match deletes exactly the oldest"
            + " matching entry, responses only when owed and held until taken, no MATCH_FAILURE in insert mode (R4),"
            + " START_ACK free count (R5), error sticky";
    private static final ProveTarget.Fault MASK_IGNORED = new ProveTarget.Fault("every cell's compare ignores its stored mask",
            c -> Faults.ignoreRead(c, "PrqCell", "bit_ok", "k"));
    private static final ProveTarget.Fault FAILS_IN_INSERT_MODE = new ProveTarget.Fault("a request that matches nothing fails even in insert mode (R4)",
            c -> Faults.ignoreRead(c, "AlpuControl", "decide_fail", "in_insert_mode"));
    private static final ProveTarget.Fault NO_SLOT_CHECK = new ProveTarget.Fault(
            "the controller always sees a free response slot (responses pushed into a full queue)",
            c -> Faults.stuckAt(c, "AlpuControl", "rsp_slot_1", 1));
    private static final ProveTarget.Fault COMPACTION_LOST = new ProveTarget.Fault(
            "compaction between blocks is lost (a block never pulls from the younger one)",
            c -> Faults.stuckAtZero(c, "CellBlock", "space_older"));
    private static final ProveTarget.Fault FREE_IGNORES_ENTRIES = new ProveTarget.Fault("START_ACK's free count ignores the entries (always CELLS, R5)",
            c -> Faults.ignoreRead(c, "AlpuControl", "rsp_free", "count"));
    private static final ProveTarget.Fault MODE_NEVER_OPENS = new ProveTarget.Fault(
            "insert mode never opens (every START_INSERT is acknowledged, none refused)",
            c -> Faults.hold(c, "AlpuControl", "mode"));

    private static final List<ProveTarget> ALL = List.of(
            new ProveTarget("counter", "Counter n=10: counts modulo n, advances only when enabled, wraps",
                    () -> Elaborator.elaborate(() -> new CounterProperties(10)), 14, ProveTarget.Method.INDUCTION,
                    new ProveTarget.Fault("the count register never updates", c -> Faults.hold(c, "Counter", "count"))),
            new ProveTarget("fifo", "SyncFifo depth=4 width=4: no overflow, no underflow, in-order delivery",
                    () -> Elaborator.elaborate(() -> new FifoProperties(4, 4)), 8, ProveTarget.Method.PDR,
                    new ProveTarget.Fault("the write pointer never advances", c -> Faults.hold(c, "SyncFifo", "tail"))),
            new ProveTarget("pipe", "Pipe width=8 latency=3: data leaves exactly latency cycles after it entered",
                    () -> Elaborator.elaborate(() -> new PipeProperties(8, 3)), 8, ProveTarget.Method.INDUCTION,
                    new ProveTarget.Fault("the first stage's data register never loads", c -> Faults.hold(c, "Pipe", "stage0_bits"))),
            new ProveTarget("priority-encoder", "PriorityEncoder width=8: the index of the lowest set bit",
                    () -> Elaborator.elaborate(() -> new PriorityEncoderProperties(8)), 2, ProveTarget.Method.INDUCTION,
                    new ProveTarget.Fault("the index output is stuck at 0", c -> Faults.stuckAtZero(c, "PriorityEncoder", "out"))),
            new ProveTarget("priority-tree", "PriorityTree inputs=6 width=4 radix=2: the lowest valid input and its payload",
                    () -> Elaborator.elaborate(() -> new PriorityTreeProperties(6, 4, 2)), 2, ProveTarget.Method.INDUCTION,
                    new ProveTarget.Fault("the payload output is stuck at 0", c -> Faults.stuckAtZero(c, "PriorityTree", "out_bits"))),
            new ProveTarget("one-hot-mux", "OneHotMux inputs=4 width=4: the selected input, or 0",
                    () -> Elaborator.elaborate(() -> new OneHotMuxProperties(4, 4)), 2, ProveTarget.Method.INDUCTION,
                    new ProveTarget.Fault("the output is stuck at 0", c -> Faults.stuckAtZero(c, "OneHotMux", "out"))),
            new ProveTarget("skid-buffer", "SkidBuffer width=4: at most two words, none lost or repeated, in order, ready when the spare is free, held while stalled",
                    () -> Elaborator.elaborate(() -> new SkidBufferProperties(4)), 6, ProveTarget.Method.PDR,
                    new ProveTarget.Fault("the spare register never fills (a word sent during a stall is lost)",
                            c -> Faults.hold(c, "SkidBuffer", "skid_spare_full"))),
            new ProveTarget("arbiter", "Arbiter inputs=3 width=4: the lowest valid input, its word, taken from it alone, a stalled choice held",
                    () -> Elaborator.elaborate(() -> new ArbiterProperties(3, 4)), 6, ProveTarget.Method.PDR,
                    new ProveTarget.Fault("a stalled choice is not held (a lower input arriving takes over)",
                            c -> Faults.hold(c, "Arbiter", "arb_held"))),
            alpu(Variant.PRQ, 4, true, List.of(MASK_IGNORED, FAILS_IN_INSERT_MODE, NO_SLOT_CHECK)),
            alpu(Variant.UMQ, 4, true, List.of(COMPACTION_LOST, FREE_IGNORES_ENTRIES, MODE_NEVER_OPENS)),
            // the same rules at 8 cells, about a minute each: proven by command; their faults run in the suite
            alpu(Variant.PRQ, 8, false, List.of(MASK_IGNORED)),
            alpu(Variant.UMQ, 8, false, List.of(COMPACTION_LOST)));

    /**
     * The ALPU at {@code cells} cells in the proof configuration ({@link AlpuProperties#proofConfig}),
     * named {@code alpu-prq}/{@code alpu-umq} at 4 cells and {@code alpu-prq-8}, ... otherwise.
     * The bounded check and the covers need 12 cycles at 4 cells; an entry falls a cell per cycle,
     * so 4 more at 8.
     */
    private static ProveTarget alpu(Variant v, int cells, boolean inCi, List<ProveTarget.Fault> faults) {
        String name = "alpu-" + v.name().toLowerCase(java.util.Locale.ROOT) + (cells == 4 ? "" : "-" + cells);
        String summary = "ALPU " + v + " cells=" + cells + " block=2 match=2 tag=2: " + ALPU_RULES;
        return new ProveTarget(name, summary, () -> Elaborator.elaborate(() -> new AlpuProperties(AlpuProperties.proofConfig(v, cells))),
                cells + 8, ProveTarget.Method.PDR, faults, inCi);
    }

    public static List<ProveTarget> all() {
        return ALL;
    }

    /** The target called {@code name}; a usage error lists the names otherwise. */
    public static ProveTarget named(String name) {
        List<String> names = new ArrayList<>();
        for (ProveTarget t : ALL) {
            if (t.name().equals(name)) return t;
            names.add(t.name());
        }
        throw new UsageError("TARGET must be one of " + String.join(", ", names) + " (tagmatch prove --list), got " + name);
    }
}

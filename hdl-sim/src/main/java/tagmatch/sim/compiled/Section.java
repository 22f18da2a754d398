package tagmatch.sim.compiled;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Statements of one generated method group (a combinational segment, a clock domain's register
 * updates or their commits) and {@link KernelWriter}'s plan of them: statements per block, each
 * block's inputs, size, stores and guard.
 */
final class Section {
    /**
     * One statement: how to emit it, which slots its inline code reads, and whether its block
     * must run at every edge (a register with an asynchronous reset: its reset's domain writes
     * its slots too, so equal inputs do not mean equal outputs).
     */
    record Statement(Runnable emit, java.util.Set<Integer> reads, boolean always) {
        Statement(Runnable emit, java.util.Set<Integer> reads) {
            this(emit, reads, false);
        }
    }

    /** What one planned block reads before writing it (in order of first read) and which bits of each, and whether it uses helpers. */
    record Access(List<Integer> inputs, Map<Integer, Long> bits, boolean opaque) {}

    /** A skippable block's clean word (1 while no watched input changed) and the inputs it compares itself (which bits), copied after it. */
    record Guard(int flag, List<Integer> compared, List<Long> bits) {}

    final String prefix;
    /** Its blocks are skipped when their inputs did not change since they last ran. */
    final boolean skippable;
    /** Registers or commits at a clock domain's edge: blocks are not split by their number of inputs. */
    boolean edge;
    final List<Statement> statements = new ArrayList<>();
    final List<Integer> plan = new ArrayList<>();
    /** Per planned block of a skippable section, as measured. */
    final List<Access> access = new ArrayList<>();
    /** Per planned block: its estimated bytes. */
    final List<Integer> sizes = new ArrayList<>();
    /** Per planned block: the narrow slots it writes. */
    final List<java.util.Set<Integer>> writes = new ArrayList<>();
    /** Per planned block: its guard, or null when it always runs. */
    final List<Guard> guards = new ArrayList<>();

    Section(String prefix, boolean skippable) {
        this.prefix = prefix;
        this.skippable = skippable;
    }

    /** Forgets the plan, to plan again. */
    void clearPlan() {
        plan.clear();
        access.clear();
        sizes.clear();
        writes.clear();
        guards.clear();
    }
}

package tagmatch.eda.sweep;

import java.util.ArrayList;
import java.util.List;
import tagmatch.alpu.AlpuConfig;
import tagmatch.alpu.Variant;
import tagmatch.process.ParameterError;

/**
 * The configurations of a sweep: every combination of the axes, in a fixed order (variant, cells,
 * block, match width, tag width, FIFO depth; each axis in the order given). The order is what
 * makes shards deterministic, so it never depends on the machine or on what is already done.
 */
public record Grid(List<Variant> variants, List<Integer> cells, List<Integer> blocks, List<Integer> matchWidths,
                   List<Integer> tagWidths, List<Integer> fifoDepths) {
    public Grid {
        variants = List.copyOf(variants);
        cells = List.copyOf(cells);
        blocks = List.copyOf(blocks);
        matchWidths = List.copyOf(matchWidths);
        tagWidths = List.copyOf(tagWidths);
        fifoDepths = List.copyOf(fifoDepths);
    }

    /**
     * Every configuration, validated: a combination the datasheet forbids (a block larger than
     * the cells) throws the datasheet's {@link ParameterError} with the grid's configuration added to
     * the value, before any work starts.
     */
    public List<AlpuConfig> configs() {
        List<AlpuConfig> out = new ArrayList<>();
        for (Variant v : variants)
            for (int c : cells)
                for (int b : blocks)
                    for (int m : matchWidths)
                        for (int t : tagWidths)
                            for (int f : fifoDepths) {
                                try {
                                    out.add(AlpuConfig.of(c, b, m, t, v).withFifoDepths(f, f, f));
                                } catch (ParameterError e) {
                                    throw new ParameterError(e.parameter(), e.rule(), e.value() + " (the grid holds " + v + " " + c
                                            + " cells, block " + b + ", match " + m + ", tag " + t + ", FIFO depth " + f + ")", e);
                                }
                            }
        return out;
    }

    /** The tasks of {@code steps} on every configuration; seeded steps once per seed. */
    public List<Task> tasks(List<Step> steps, List<Long> seeds) {
        List<Task> out = new ArrayList<>();
        for (AlpuConfig c : configs())
            for (Step s : steps) {
                if (s.seeded()) for (long seed : seeds) out.add(new Task(c, s, seed));
                else out.add(new Task(c, s, 0));
            }
        return out;
    }
}

package tagmatch.eda.sweep;

import java.util.ArrayList;
import java.util.List;
import tagmatch.alpu.AlpuConfig;
import tagmatch.alpu.Variant;

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
     * the cells) throws {@link IllegalArgumentException} naming it, before any work starts.
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
                                } catch (IllegalArgumentException e) {
                                    // the datasheet's check of its parameter, worded as the axis' option's
                                    String check = e.getMessage();
                                    throw new IllegalArgumentException(optionOf(check) + check.substring(check.indexOf(' '))
                                            + " (the grid holds " + v + " " + c + " cells, block " + b + ", match " + m
                                            + ", tag " + t + ", FIFO depth " + f + ")", e);
                                }
                            }
        return out;
    }

    /** The option of the axis a datasheet parameter check names. */
    private static String optionOf(String message) {
        if (message.startsWith("CELLS")) return "--cells";
        if (message.startsWith("BLOCK")) return "--block";
        if (message.startsWith("MATCH_W")) return "--match-width";
        if (message.startsWith("TAG_W")) return "--tag-width";
        if (message.contains("FIFO_DEPTH")) return "--fifo-depth";
        return "configuration";
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

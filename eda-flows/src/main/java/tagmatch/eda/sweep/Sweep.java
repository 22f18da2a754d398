package tagmatch.eda.sweep;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;
import tagmatch.alpu.Variant;

/**
 * What a sweep is, independent of where it runs: the grid, the steps, the soak seeds, and the
 * step settings that change results. {@link #args()} is its canonical command-line form, kept in
 * {@code DIR/sweep.args}: the Slurm array tasks run exactly that ({@code tagmatch sweep
 * @DIR/sweep.args ...}), and a re-run with a different sweep into the same directory is refused.
 */
public record Sweep(Grid grid, List<Step> steps, List<Long> seeds, long ops, String family, int pnrSeed, Integer proveDepth) {
    public Sweep {
        steps = List.copyOf(steps);
        seeds = List.copyOf(seeds);
    }

    /** The same sweep synthesizing for another {@code synth_xilinx} family. */
    public Sweep withFamily(String f) {
        return new Sweep(grid, steps, seeds, ops, f, pnrSeed, proveDepth);
    }

    private boolean has(String step) {
        return steps.stream().anyMatch(s -> s.name().equals(step));
    }

    public List<Task> tasks() {
        return grid.tasks(steps, seeds);
    }

    /**
     * One option per line, in a fixed order: the content of {@code sweep.args}. The settings of
     * {@code pnr} and {@code prove} appear only in sweeps that run them.
     */
    public List<String> args() {
        List<String> a = new ArrayList<>();
        a.add("--variant=" + grid.variants().stream().map(v -> v.name().toLowerCase(Locale.ROOT)).collect(Collectors.joining(",")));
        a.add("--cells=" + join(grid.cells()));
        a.add("--block=" + join(grid.blocks()));
        a.add("--match-width=" + join(grid.matchWidths()));
        a.add("--tag-width=" + join(grid.tagWidths()));
        a.add("--fifo-depth=" + join(grid.fifoDepths()));
        a.add("--steps=" + steps.stream().map(Step::name).collect(Collectors.joining(",")));
        a.add("--seeds=" + Seeds.format(seeds));
        a.add("--ops=" + ops);
        a.add("--family=" + family);
        if (has("pnr")) a.add("--pnr-seed=" + pnrSeed);
        if (has("prove") && proveDepth != null) a.add("--prove-depth=" + proveDepth);
        return a;
    }

    private static String join(List<Integer> xs) {
        return xs.stream().map(String::valueOf).collect(Collectors.joining(","));
    }

    public static List<Variant> variants(List<String> names) {
        List<Variant> out = new ArrayList<>();
        for (String n : names) {
            String k = n.trim().toUpperCase(Locale.ROOT);
            if (!k.equals("PRQ") && !k.equals("UMQ")) throw new IllegalArgumentException("must be prq or umq, got '" + n + "'");
            out.add(Variant.valueOf(k));
        }
        return out;
    }
}

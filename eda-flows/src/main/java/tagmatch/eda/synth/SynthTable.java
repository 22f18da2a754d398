package tagmatch.eda.synth;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import tagmatch.alpu.AlpuConfig;

/**
 * The side-by-side table of {@code tagmatch synth --table}: each of seed 001's prototypes next to
 * what yosys made of the generated ALPU with the same parameters, with the ratio of LUTs and FFs
 * (below 1.00 = smaller than the paper). A configuration the paper has no prototype of (other
 * sizes or widths) shows {@code -} in the paper's columns.
 */
public final class SynthTable {
    private record Line(String variant, int cells, int block, PaperFigures.Row paper, SynthReport ours) {}

    private final List<Line> lines = new ArrayList<>();

    /** Adds one configuration: the paper's row and our synthesis of the same configuration. */
    public SynthTable add(PaperFigures.Row paper, SynthReport ours) {
        Objects.requireNonNull(paper, "paper");
        lines.add(new Line(paper.variant(), paper.cells(), paper.block(), paper, Objects.requireNonNull(ours, "ours")));
        return this;
    }

    /** Adds one configuration beside the paper's prototype of it, if the paper has one. */
    public SynthTable add(AlpuConfig config, SynthReport ours) {
        lines.add(new Line(config.variant().name(), config.cells(), config.block(), PaperFigures.of(config).orElse(null),
                Objects.requireNonNull(ours, "ours")));
        return this;
    }

    /** A Markdown table (it reads as plain text too), one row per configuration added. */
    public String format() {
        StringBuilder sb = new StringBuilder();
        sb.append("| variant | cells | block | paper LUTs | paper FFs | paper latency | LUTs | FFs | LUT depth | LUTs/paper | FFs/paper |\n");
        sb.append("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n");
        for (Line l : lines) {
            PaperFigures.Row p = l.paper();
            SynthReport o = l.ours();
            String paper = p == null ? "- | - | -" : p.luts() + " | " + p.flipFlops() + " | " + p.latency();
            String ratios = p == null ? "- | -"
                    : String.format(Locale.ROOT, "%.2f | %.2f", (double) o.luts() / p.luts(), (double) o.flipFlops() / p.flipFlops());
            sb.append(String.format(Locale.ROOT, "| %s | %d | %d | %s | %d | %d | %d | %s |%n", l.variant(), l.cells(), l.block(), paper,
                    o.luts(), o.flipFlops(), o.lutDepth(), ratios));
        }
        return sb.toString();
    }
}

package tagmatch.tools.synth;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * The side-by-side table of {@code tagmatch synth --table}: each of seed 001's prototypes next to
 * what yosys made of the generated ALPU with the same parameters, with the ratio of LUTs and FFs
 * (below 1.00 = smaller than the paper).
 */
public final class SynthTable {
    private record Line(PaperFigures.Row paper, SynthReport ours) {}

    private final List<Line> lines = new ArrayList<>();

    /** Adds one configuration: the paper's row and our synthesis of the same configuration. */
    public SynthTable add(PaperFigures.Row paper, SynthReport ours) {
        lines.add(new Line(Objects.requireNonNull(paper, "paper"), Objects.requireNonNull(ours, "ours")));
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
            sb.append(String.format("| %s | %d | %d | %d | %d | %d | %d | %d | %d | %.2f | %.2f |%n", p.variant(), p.cells(),
                    p.block(), p.luts(), p.flipFlops(), p.latency(), o.luts(), o.flipFlops(), o.lutDepth(),
                    (double) o.luts() / p.luts(), (double) o.flipFlops() / p.flipFlops()));
        }
        return sb.toString();
    }
}

package tagmatch.eda.sweep;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import tagmatch.eda.synth.AlpuSynthesis;
import tagmatch.eda.synth.SynthReport;
import tagmatch.eda.synth.YosysSynth;

/** {@code synth}: {@code tagmatch synth} on the configuration ({@link AlpuSynthesis#synthesize}); every cell count. */
public final class SynthStep extends Step {
    public SynthStep() {
        super("synth", false, List.of("luts", "flip_flops", "lut_depth"), Map.of("yosys", "-V"));
    }

    /** The {@link SynthReport} a passing line of this step holds (its figures back in the record). */
    public static SynthReport report(ResultLine line, String top) {
        if (line.verdict() != TaskVerdict.PASS || !"synth".equals(line.step()))
            throw new IllegalArgumentException("not a passing synth line: " + line.key() + " " + line.verdict());
        java.util.Map<String, Integer> cells = new java.util.TreeMap<>();
        for (Map.Entry<String, Object> f : line.figures().entrySet()) {
            if (f.getKey().startsWith("cells_")) cells.put(f.getKey().substring(6), ((Number) f.getValue()).intValue());
        }
        return new SynthReport(top, (String) line.figures().get("family"), line.number("luts").intValue(),
                line.number("flip_flops").intValue(), line.number("lut_depth").intValue(), cells);
    }

    @Override
    public Outcome run(Task task, SweepSettings settings) throws Exception {
        SynthReport r = AlpuSynthesis.synthesize(new YosysSynth(), task.config(), task.config().variant().defaultTop(),
                settings.family());
        Map<String, Object> fig = new LinkedHashMap<>();
        fig.put("family", r.family());
        fig.put("luts", r.luts());
        fig.put("flip_flops", r.flipFlops());
        fig.put("lut_depth", r.lutDepth());
        for (Map.Entry<String, Integer> c : r.cells().entrySet()) fig.put("cells_" + c.getKey(), c.getValue());
        return Outcome.pass(fig, r.summary());
    }
}

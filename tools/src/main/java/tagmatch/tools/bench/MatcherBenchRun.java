package tagmatch.tools.bench;

import java.io.PrintWriter;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import tagmatch.alpu.AlpuConfig;
import tagmatch.dpa.DpaConfig;
import tagmatch.eda.synth.AlpuSynthesis;
import tagmatch.eda.synth.SynthReport;
import tagmatch.eda.synth.YosysSynth;
import tagmatch.dpasystem.HandlerImage;
import tagmatch.dpasystem.MatcherComparison;

/**
 * {@code tagmatch bench dpa --matcher ...}: {@link MatcherComparison} on the cluster with the units
 * on its bus, each unit's area from the project's synthesis ({@link AlpuSynthesis}, yosys
 * {@code synth_xilinx} for the seed's family) beside the matchers that use the units.
 */
final class MatcherBenchRun {
    private MatcherBenchRun() {}

    static void run(DpaConfig cluster, tagmatch.dpa.ClusterRuns runs, MatcherComparison.Setup setup, java.nio.file.Path work, java.nio.file.Path png,
                    Consumer<String> step, PrintWriter out) throws java.io.IOException {
        MatcherComparison c = MatcherComparison.measure(cluster, runs, setup, MatcherComparison.benchCases(setup), work, step);
        if (png != null) tagmatch.bench.figure.MatcherRatePlot.write(c, png);
        Map<HandlerImage.Matcher, String> area = new EnumMap<>(HandlerImage.Matcher.class);
        if (setup.matchers().stream().anyMatch(HandlerImage.Matcher::needsUnits)) {
            String units = synth(setup.units().prq()) + " + " + synth(setup.units().umq());
            for (HandlerImage.Matcher m : HandlerImage.Matcher.values()) if (m.needsUnits()) area.put(m, units);
        }
        AlpuConfig u = setup.units().prq();
        out.printf(java.util.Locale.ROOT, "matchers behind the same handler on one cluster (%d cores x %d hardware threads) with two %d-cell ALPUs "
                + "(MATCH_W %d, TAG_W %d) on its bus; every matcher on %d threads (the list and the ALPUs match one message at a time); %d messages a run at %.1f GHz, likely memory, "
                + "every run checked against the reference; units: PRQ + UMQ, yosys synth_xilinx %s%n", cluster.cores(), cluster.threads(),
                u.cells(), u.matchWidth(), u.tagWidth(), setup.threads(), setup.messages(), setup.clockGhz(), YosysSynth.DEFAULT_FAMILY);
        out.print(c.table());
        out.println();
        out.print(c.areaTable(area));
        if (png != null) out.println("rate against depth: " + png);
        out.flush();
    }

    private static String synth(AlpuConfig cfg) throws java.io.IOException {
        SynthReport r = AlpuSynthesis.synthesize(new YosysSynth(), cfg, cfg.variant().defaultTop(), YosysSynth.DEFAULT_FAMILY);
        return r.luts() + " LUTs/" + r.flipFlops() + " FFs";
    }

    /** The matchers {@code --matcher} names, refused naming the option and the legal values. */
    static List<HandlerImage.Matcher> parse(String[] names) {
        List<String> legal = java.util.Arrays.stream(HandlerImage.Matcher.values()).map(HandlerImage.Matcher::cliName).toList();
        java.util.List<HandlerImage.Matcher> out = new java.util.ArrayList<>();
        for (String n : names) {
            if (!legal.contains(n)) throw new tagmatch.process.UsageError("--matcher must be among " + String.join(",", legal) + ", got " + n);
            HandlerImage.Matcher m = HandlerImage.Matcher.valueOf(n.toUpperCase(java.util.Locale.ROOT));
            if (!out.contains(m)) out.add(m);
        }
        return out;
    }
}

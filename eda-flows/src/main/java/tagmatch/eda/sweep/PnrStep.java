package tagmatch.eda.sweep;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import tagmatch.alpu.rtl.AlpuTiming;
import tagmatch.eda.synth.AlpuSynthesis;
import tagmatch.eda.synth.Ice40Pnr;
import tagmatch.eda.synth.PnrReport;

/**
 * {@code pnr}: {@code tagmatch synth --pnr} on the configuration ({@link AlpuSynthesis#placeAndRoute},
 * yosys {@code synth_ice40} and nextpnr-ice40 on an iCE40 HX8K): logic cells, Fmax, and the time
 * per match and the latency at Fmax. A configuration that does not fit the device is skipped, its
 * line naming what overflowed, so a sweep over sizes maps where the device ends instead of failing.
 */
final class PnrStep extends Step {
    PnrStep() {
        super("pnr", false, List.of("logic_cells", "fmax_mhz", "ns_per_match"), Map.of("yosys", "-V", "nextpnr-ice40", "--version"));
    }

    @Override
    public Outcome run(Task task, SweepSettings settings) throws Exception {
        Map<String, Object> fig = new LinkedHashMap<>();
        fig.put("device", Ice40Pnr.DEVICE + "-" + Ice40Pnr.PACKAGE);
        fig.put("seed", settings.pnrSeed());
        PnrReport r;
        try {
            r = AlpuSynthesis.placeAndRoute(new Ice40Pnr(), task.config(), task.config().variant().defaultTop(), settings.pnrSeed());
        } catch (Ice40Pnr.DoesNotFit e) {
            return Outcome.skip(fig, e.getMessage());
        }
        AlpuTiming t = AlpuTiming.of(task.config());
        fig.put("logic_cells", r.logicCells());
        fig.put("lc_capacity", r.lcCapacity());
        fig.put("ios", r.ios());
        fig.put("fmax_mhz", r.fmaxMhz());
        fig.put("period_ns", round(r.periodNs()));
        fig.put("match_interval", t.matchInterval());
        fig.put("match_latency", t.matchLatency());
        fig.put("ns_per_match", round(t.matchInterval() * r.periodNs()));
        fig.put("latency_ns", round(t.matchLatency() * r.periodNs()));
        return Outcome.pass(fig, r.summary());
    }

    /** Three decimals: nextpnr reports Fmax to two, so more digits would only be noise in the line. */
    private static double round(double v) {
        return Math.round(v * 1000) / 1000.0;
    }
}

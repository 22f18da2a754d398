package tagmatch.eda.synth;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import tagmatch.alpu.AlpuConfig;
import tagmatch.alpu.rtl.AlpuRtl;
import tagmatch.alpu.rtl.AlpuTiming;
import tagmatch.hdl.backend.VerilogEmitter;
import tagmatch.process.ScratchDir;

/**
 * The ALPU of a configuration through the EDA tools: all its modules emitted into one Verilog
 * file, then synthesized ({@link YosysSynth}) or placed and routed ({@link Ice40Pnr}). What
 * {@code tagmatch synth} and the {@code synth} and {@code pnr} steps of a sweep all run.
 */
public final class AlpuSynthesis {
    private AlpuSynthesis() {}

    /** {@code synth_xilinx} for {@code family} on the design {@code top} of {@code cfg}. */
    public static SynthReport synthesize(YosysSynth yosys, AlpuConfig cfg, String top, String family) throws IOException {
        try (ScratchDir dir = ScratchDir.create("alpu-synth")) {
            Path v = dir.path().resolve(top + ".v");
            Files.writeString(v, VerilogEmitter.emit(AlpuRtl.elaborate(cfg, top)));
            return yosys.run(v, top, family);
        }
    }

    /**
     * {@link #synthesize} and its figures beside the seed's prototype's where the configuration is
     * one of them: the text of {@code tagmatch synth}.
     */
    public static String synthesisSummary(AlpuConfig cfg, String top, String family) throws IOException {
        SynthReport r = synthesize(new YosysSynth(), cfg, top, family);
        return r.summary() + "\n" + PaperFigures.of(cfg).map(p -> String.format("seed 001 prototype: %d LUTs, %d FFs (ours %.2fx LUTs, %.2fx FFs)%n",
                p.luts(), p.flipFlops(), (double) r.luts() / p.luts(), (double) r.flipFlops() / p.flipFlops())).orElse("");
    }

    /**
     * Placed and routed on the iCE40 in a temporary directory removed afterwards. A design too big
     * for the device throws {@link Ice40Pnr.DoesNotFit}.
     */
    public static PnrReport placeAndRoute(Ice40Pnr pnr, AlpuConfig cfg, String top, int seed) throws IOException {
        try (ScratchDir work = ScratchDir.create("alpu-pnr")) {
            return placeAndRoute(pnr, cfg, top, seed, work.path());
        }
    }

    /** As above, working in {@code work} (the Verilog and the tools' files stay there). */
    public static PnrReport placeAndRoute(Ice40Pnr pnr, AlpuConfig cfg, String top, int seed, Path work) throws IOException {
        Path v = work.resolve(top + ".v");
        Files.writeString(v, VerilogEmitter.emit(AlpuRtl.elaborate(cfg, top)));
        return pnr.run(v, top, seed, work);
    }

    /** The routed design's figures and what they give per match: the text of {@code tagmatch synth --pnr}. */
    public static String placeAndRouteSummary(AlpuConfig cfg, String top, int seed, Path work) throws IOException {
        PnrReport r = placeAndRoute(new Ice40Pnr(), cfg, top, seed, work);
        AlpuTiming t = AlpuTiming.of(cfg);
        return r.summary() + "\n" + String.format(
                "match interval %d cycles, latency %d cycles: %.1f ns per match, %.1f ns latency at Fmax%n",
                t.matchInterval(), t.matchLatency(), t.matchInterval() * r.periodNs(), t.matchLatency() * r.periodNs());
    }
}

package tagmatch.tools;

import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import tagmatch.alpu.AlpuConfig;
import tagmatch.alpu.rtl.AlpuRtl;
import tagmatch.alpu.rtl.AlpuTiming;
import tagmatch.alpu.rtl.ReferenceDesigns;
import tagmatch.hdl.backend.VerilogEmitter;
import tagmatch.tools.synth.Ice40Pnr;
import tagmatch.tools.synth.PaperFigures;
import tagmatch.tools.synth.PnrReport;
import tagmatch.tools.synth.SynthReport;
import tagmatch.tools.synth.SynthTable;
import tagmatch.tools.synth.YosysSynth;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;

/**
 * {@code tagmatch synth}: yosys {@code synth_xilinx} on the generated ALPU, printing LUTs,
 * flip-flops and LUT depth; {@code --table} does the seed's twelve Table IV/V configurations and
 * prints them beside the paper's figures. Run it under the shared build lock on a shared machine.
 */
@Command(name = "synth",
        mixinStandardHelpOptions = true,
        description = {"Synthesize the generated ALPU with yosys and report LUTs, flip-flops and LUT depth.",
                "Example: tagmatch synth --cells 256 --block 8 --variant prq",
                "         tagmatch synth --table    (the seed's Table IV/V side by side with the paper)",
                "         tagmatch synth --pnr --cells 16 --block 8    (place and route on an iCE40 HX8K: Fmax, ns per match)"})
public final class SynthCommand implements Callable<Integer> {
    @picocli.CommandLine.Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Mixin
    RtlCommand.ConfigOptions options = new RtlCommand.ConfigOptions();

    @Option(names = "--family", paramLabel = "F", description = "synth_xilinx family (default ${DEFAULT-VALUE}, the seed's Virtex-II Pro)")
    String family = YosysSynth.DEFAULT_FAMILY;

    @Option(names = "--table", description = "synthesize the seed's Table IV/V configurations and print them beside the paper's figures")
    boolean table;

    @Option(names = "--only", split = ",", paramLabel = "TOP", description = "with --table: only these designs (e.g. alpu_prq_256x8,alpu_umq_128x8)")
    List<String> only = new ArrayList<>();

    @Option(names = "--pnr", description = "instead of synth_xilinx: place and route on an iCE40 HX8K (yosys synth_ice40, nextpnr-ice40) "
            + "and report logic cells, Fmax, match interval and latency, and ns per match")
    boolean pnr;

    @Option(names = "--seed", paramLabel = "S", description = "with --pnr: the placer seed, >= 1 (default ${DEFAULT-VALUE})")
    int seed = 1;

    @Override
    public Integer call() throws IOException {
        PrintWriter o = spec.commandLine().getOut();
        family = Check.oneOf("--family", family, YosysSynth.FAMILIES.toArray(String[]::new));
        Check.requires(!only.isEmpty(), "--only", table, "--table");
        Check.atLeast("--seed", seed, 1);
        if (pnr && table) throw new UsageError("--pnr works on one configuration; it cannot be combined with --table");
        if (pnr) {
            AlpuConfig cfg = options.config();
            String report;
            try (Progress p = Progress.start("synth --pnr", 1, "design")) {
                p.note(cfg.variant().defaultTop() + " " + cfg.cells() + " cells, block " + cfg.block() + " on iCE40 " + Ice40Pnr.DEVICE);
                report = placeAndRoute(cfg, cfg.variant().defaultTop(), seed);
                p.step();
            }
            o.print(report);
            o.flush();
            return 0;
        }
        YosysSynth yosys = new YosysSynth();
        if (table) {
            List<String> tops = ReferenceDesigns.all().stream().map(ReferenceDesigns.Design::top).toList();
            for (String name : only) {
                if (!tops.contains(name)) throw new UsageError("--only names '" + name + "', which is no reference design; they are " + tops);
            }
            List<ReferenceDesigns.Design> designs = new ArrayList<>();
            for (ReferenceDesigns.Design d : ReferenceDesigns.all()) if (only.isEmpty() || only.contains(d.top())) designs.add(d);
            SynthTable t = new SynthTable();
            try (Progress p = Progress.start("synth --table", designs.size(), "designs")) {
                for (ReferenceDesigns.Design d : designs) {
                    p.note(d.top());
                    long start = System.nanoTime();
                    SynthReport r = synthesize(yosys, d.config(), d.top(), family);
                    o.printf("%s  [%d s]%n", r.summary(), (System.nanoTime() - start) / 1_000_000_000L);
                    o.flush();
                    AlpuConfig c = d.config();
                    t.add(PaperFigures.find(c.variant().name(), c.cells(), c.block()), r);
                    p.step();
                }
            }
            o.println();
            o.print(t.format());
            o.flush();
            return 0;
        }
        AlpuConfig cfg = options.config();
        SynthReport r;
        try (Progress p = Progress.start("synth", 1, "design")) {
            p.note(cfg.variant().defaultTop() + " " + cfg.cells() + " cells, block " + cfg.block());
            r = synthesize(yosys, cfg, cfg.variant().defaultTop(), family);
            p.step();
        }
        o.println(r.summary());
        if (cfg.matchWidth() == PaperFigures.MATCH_WIDTH && cfg.tagWidth() == PaperFigures.TAG_WIDTH) {
            for (PaperFigures.Row p : PaperFigures.TABLES) {
                if (p.variant().equals(cfg.variant().name()) && p.cells() == cfg.cells() && p.block() == cfg.block())
                    o.printf("seed 001 prototype: %d LUTs, %d FFs (ours %.2fx LUTs, %.2fx FFs)%n", p.luts(), p.flipFlops(),
                            (double) r.luts() / p.luts(), (double) r.flipFlops() / p.flipFlops());
            }
        }
        return 0;
    }

    /** The text of {@code --pnr}: the routed design's figures and what they give per match. */
    static String placeAndRoute(AlpuConfig cfg, String top, int seed) throws IOException {
        Path dir = Files.createTempDirectory("tagmatch-alpu-pnr");
        Path v = dir.resolve(top + ".v");
        try {
            Files.writeString(v, VerilogEmitter.emit(AlpuRtl.elaborate(cfg, top)));
            PnrReport r = new Ice40Pnr().run(v, top, seed);
            AlpuTiming t = AlpuTiming.of(cfg);
            return r.summary() + "\n" + String.format(
                    "match interval %d cycles, latency %d cycles: %.1f ns per match, %.1f ns latency at Fmax%n",
                    t.matchInterval(), t.matchLatency(), t.matchInterval() * r.periodNs(), t.matchLatency() * r.periodNs());
        } finally {
            Files.deleteIfExists(v);
            Files.deleteIfExists(dir);
        }
    }

    /**
     * All modules of the configuration in one file (what {@link YosysSynth} reads), synthesized:
     * what {@code tagmatch synth} and the {@code synth} step of {@code tagmatch sweep} both run.
     */
    public static SynthReport synthesize(YosysSynth yosys, AlpuConfig cfg, String top, String family) throws IOException {
        Path dir = Files.createTempDirectory("tagmatch-alpu-synth");
        Path v = dir.resolve(top + ".v");
        try {
            Files.writeString(v, VerilogEmitter.emit(AlpuRtl.elaborate(cfg, top)));
            return yosys.run(v, top, family);
        } finally {
            Files.deleteIfExists(v);
            Files.deleteIfExists(dir);
        }
    }
}

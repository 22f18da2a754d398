package tagmatch.tools;

import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import tagmatch.alpu.AlpuConfig;
import tagmatch.alpu.Pipelining;
import tagmatch.alpu.Variant;
import tagmatch.alpu.rtl.AlpuRtl;
import tagmatch.alpu.rtl.AlpuTiming;
import tagmatch.alpu.rtl.ReferenceDesigns;
import tagmatch.process.UsageError;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;

/**
 * {@code tagmatch rtl}: writes the Verilog of one ALPU configuration ({@code DIR/TOP.v} and its
 * submodules {@code DIR/TOP_*.v}), or with {@code --reference} the seed's twelve Table IV/V
 * configurations into {@code verilog-out/}.
 */
@Command(name = "rtl",
        mixinStandardHelpOptions = true,
        description = {"Generate the Verilog of an ALPU (seed 001), one file per module.",
                "Example: tagmatch rtl --cells 256 --block 8 --match-width 42 --tag-width 16 --variant prq --report",
                "         tagmatch rtl --reference    (regenerates verilog-out/ with the seed's Table IV/V configurations)"})
public final class RtlCommand implements Callable<Integer> {
    @picocli.CommandLine.Spec
    picocli.CommandLine.Model.CommandSpec spec;


    /** The generator parameters shared by {@code rtl}, {@code synth} and {@code cosim alpu}. */
    public static final class ConfigOptions {
        @Option(names = "--cells", paramLabel = "N", description = "total cells, a multiple of --block in 2..4096 (default ${DEFAULT-VALUE})")
        int cells = 256;

        @Option(names = "--block", paramLabel = "B", description = "cells per block, a power of two in 2..cells (default ${DEFAULT-VALUE})")
        int block = 8;

        @Option(names = "--match-width", paramLabel = "W", description = "match bits per entry, 1..128 (default ${DEFAULT-VALUE})")
        int matchWidth = 42;

        @Option(names = "--tag-width", paramLabel = "T", description = "tag bits per entry, 1..32 (default ${DEFAULT-VALUE})")
        int tagWidth = 16;

        @Option(names = "--variant", paramLabel = "prq|umq", description = "prq (mask stored with INSERT) or umq (mask with each request) (default ${DEFAULT-VALUE})")
        String variant = "prq";

        @Option(names = "--stages", split = ",", paramLabel = "STAGE",
                description = "register stages, a comma list of fanout, compare, block, split, or none "
                        + "(default fanout,compare,block: the seed's stages 1, 2 and 3; split halves the between-block priority)")
        List<String> stages = new ArrayList<>(List.of("fanout", "compare", "block"));

        @Option(names = "--overlap", negatable = true, defaultValue = "true", fallbackValue = "true",
                description = "fan out the next request while the last match is deleted (needs the fanout stage; default on)")
        boolean overlap = true;

        @Option(names = "--fifo-depths", split = ",", paramLabel = "REQ,CMD,RSP",
                description = "request, command and response FIFO depths, powers of two >= 2 (default 4,4,4)")
        List<Integer> fifoDepths = new ArrayList<>(List.of(AlpuConfig.DEFAULT_FIFO_DEPTH, AlpuConfig.DEFAULT_FIFO_DEPTH,
                AlpuConfig.DEFAULT_FIFO_DEPTH));

        /** The validated configuration; bad values fail naming the option, its value and the legal range. */
        public AlpuConfig config() {
            Variant v = OptionCheck.oneOf("--variant", variant, Variant.class);
            List<String> names = stages.size() == 1 && stages.get(0).equals("none") ? List.of() : stages;
            Pipelining p;
            try {
                p = Pipelining.of(names, overlap);
            } catch (IllegalArgumentException e) {
                // a stage list may also be "none"
                throw OptionCheck.asOption("--stages", new IllegalArgumentException(e.getMessage().replaceFirst(", got ", ", or none, got "), e));
            }
            if (fifoDepths.size() != 3) {
                throw new UsageError("--fifo-depths must be three depths REQ,CMD,RSP, got " + fifoDepths.size() + " value(s) "
                        + fifoDepths.stream().map(String::valueOf).reduce((a, b) -> a + "," + b).orElse(""));
            }
            try {
                return AlpuConfig.of(cells, block, matchWidth, tagWidth, v)
                        .withFifoDepths(fifoDepths.get(0), fifoDepths.get(1), fifoDepths.get(2)).withPipelining(p);
            } catch (IllegalArgumentException e) {
                String option = optionOf(e.getMessage());
                UsageError u = OptionCheck.asOption(option, e);
                // three depths share the option: say which one
                throw option.equals("--fifo-depths") ? new UsageError(u.getMessage() + " (" + e.getMessage().split(" ")[0] + ")", e) : u;
            }
        }

        /** The option of the datasheet parameter an {@link AlpuConfig} check names ({@code CELLS ...} is {@code --cells}). */
        public static String optionOf(String message) {
            if (message.startsWith("CELLS")) return "--cells";
            if (message.startsWith("BLOCK")) return "--block";
            if (message.startsWith("MATCH_W")) return "--match-width";
            if (message.startsWith("TAG_W")) return "--tag-width";
            if (message.contains("FIFO_DEPTH")) return "--fifo-depths";
            return "configuration";
        }
    }

    @Mixin
    ConfigOptions options = new ConfigOptions();

    @Option(names = "--top", paramLabel = "NAME", description = "top module name (default alpu_prq or alpu_umq)")
    String top;

    @Option(names = {"-o", "--out"}, paramLabel = "DIR", description = "output directory (default ${DEFAULT-VALUE})")
    Path out = Path.of("verilog-out");

    @Option(names = "--report", description = "print match latency, initiation interval, insert interval and the R9 bound")
    boolean report;

    @Mixin
    ForceOption force = new ForceOption();

    @Option(names = "--reference", description = "write the seed's Table IV/V configurations (128/256 cells x blocks 8/16/32 x PRQ/UMQ, 42/16 bits) into --out")
    boolean reference;

    @Override
    public Integer call() throws IOException {
        PrintWriter o = spec.commandLine().getOut();
        if (reference) {
            try (OutputDir dir = force.claim(out, "--out")) {
                for (ReferenceDesigns.Written d : ReferenceDesigns.writeEach(dir.staging())) {
                    dir.commitFrom(d.dir(), d.design().top());
                    o.println("wrote " + out.resolve(d.design().top() + ".v") + " and " + (d.files().size() - 1) + " submodule files");
                }
            }
            return 0;
        }
        AlpuConfig cfg = options.config();
        String name = top == null ? cfg.variant().defaultTop() : top;
        try {
            AlpuRtl.checkTop(name);
        } catch (IllegalArgumentException e) {
            throw OptionCheck.asOption("--top", e);
        }
        try (OutputDir dir = force.claim(out, "--out")) {
            List<Path> files = AlpuRtl.write(cfg, name, dir.staging());
            dir.commit(name);
            o.println("wrote " + out.resolve(name + ".v") + " and " + (files.size() - 1) + " submodule files");
        }
        if (report) o.print(AlpuTiming.report(cfg, name));
        return 0;
    }
}

package tagmatch.tools;

import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import tagmatch.alpu.AlpuConfig;
import tagmatch.alpu.rtl.AlpuRtl;
import tagmatch.alpu.rtl.AlpuTiming;
import tagmatch.alpu.rtl.ReferenceDesigns;
import tagmatch.process.ParameterError;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;

/**
 * {@code tagmatch rtl}: writes the Verilog of one ALPU configuration ({@code DIR/TOP.v} and its
 * submodules {@code DIR/TOP_*.v}), or with {@code --reference} the seed's twelve Table IV/V
 * configurations into {@code verilog-out/}.
 */
@Command(name = "rtl",
        description = {"Generate the Verilog of an ALPU (seed 001), one file per module.",
                "Example: tagmatch rtl --cells 256 --block 8 --match-width 42 --tag-width 16 --variant prq --report",
                "         tagmatch rtl --reference    (regenerates verilog-out/ with the seed's Table IV/V configurations)"})
public final class RtlCommand extends TagmatchCommand implements Callable<Integer> {
    @Mixin
    AlpuOptions options = new AlpuOptions();

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
        PrintWriter o = out();
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
        } catch (ParameterError e) {
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

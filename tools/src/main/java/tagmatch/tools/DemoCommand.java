package tagmatch.tools;

import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import tagmatch.hdl.backend.VerilogEmitter;
import tagmatch.hdl.backend.VerilogTools;
import tagmatch.hdl.ir.Circuit;
import tagmatch.hdl.lib.Catalog;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;

/**
 * {@code tagmatch demo}: the main job on defaults. Generates a set of standard-library blocks
 * into {@code verilog-out/lib/} and checks each with Verilator, yosys and Icarus Verilog.
 */
@Command(name = "demo",
        mixinStandardHelpOptions = true,
        description = "Generate library blocks into verilog-out/lib/ and lint them with Verilator, yosys and iverilog.")
public final class DemoCommand implements Callable<Integer> {
    @picocli.CommandLine.Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Option(names = {"-o", "--out"}, paramLabel = "DIR", description = "output directory (default: ${DEFAULT-VALUE})")
    Path out = Path.of("verilog-out", "lib");

    /** The blocks the demo shows, with the parameters it uses. */
    static final List<Map.Entry<String, Map<String, String>>> SHOWN = List.of(
            Map.entry("fifo", Map.of("depth", "16", "width", "32")),
            Map.entry("priority-tree", Map.of("inputs", "64", "width", "16", "radix", "4")),
            Map.entry("priority-encoder", Map.of("width", "32")),
            Map.entry("one-hot-mux", Map.of("inputs", "8", "width", "16")),
            Map.entry("counter", Map.of("n", "10")),
            Map.entry("pipe", Map.of("width", "32", "latency", "3")),
            Map.entry("state-machine", Map.of("pattern", "0b1011", "length", "4")));

    @Override
    public Integer call() throws IOException {
        PrintWriter o = spec.commandLine().getOut();
        o.println("tagmatch demo: standard-library blocks -> " + out);
        o.printf("%-18s %-24s %7s %6s  %-9s %-9s %-9s%n", "block", "top", "modules", "lines", "verilator", "yosys", "iverilog");
        boolean ok = true;
        for (Map.Entry<String, Map<String, String>> shown : SHOWN) {
            Catalog.Block b = Catalog.block(shown.getKey());
            Circuit c = b.elaborate(b.resolve(shown.getValue()));
            List<Path> files = VerilogEmitter.writeFiles(c, out.resolve(b.name()));
            long lines = 0;
            for (Path f : files) lines += Files.readAllLines(f).size();
            List<VerilogTools.Result> rs = Lint.results(files, c.top().name());
            o.printf("%-18s %-24s %7d %6d  %-9s %-9s %-9s%n", b.name(), c.top().name(), c.modules().size(), lines,
                    verdict(rs.get(0)), verdict(rs.get(1)), verdict(rs.get(2)));
            for (VerilogTools.Result r : rs) {
                if (!r.ok()) {
                    ok = false;
                    o.println(r.output().indent(4));
                }
            }
        }
        o.println(ok ? "demo: all blocks generated and clean" : "demo: FAILED (see above)");
        return ok ? 0 : 1;
    }

    private static String verdict(VerilogTools.Result r) {
        return r.ok() ? "clean" : "FAILED";
    }
}

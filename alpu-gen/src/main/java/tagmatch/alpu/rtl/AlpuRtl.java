package tagmatch.alpu.rtl;

import tagmatch.alpu.AlpuConfig;
import tagmatch.hdl.backend.VerilogEmitter;
import tagmatch.hdl.core.Elaborator;
import tagmatch.hdl.ir.Circuit;
import tagmatch.hdl.ir.ModuleDef;
import tagmatch.hdl.ir.Namespace;
import tagmatch.process.ParameterError;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * Elaborates one ALPU configuration under a chosen top-level name. Every other module of the
 * circuit is renamed {@code TOP_<Module>}, so several configurations can share one directory
 * ({@code DIR/TOP.v} is the top, {@code DIR/TOP_*.v} its submodules) and Verilator's one
 * module per file rule still holds.
 */
public final class AlpuRtl {
    private AlpuRtl() {}

    /** The circuit of {@code cfg} with its top named {@code top} (checked as a Verilog identifier). */
    public static Circuit elaborate(AlpuConfig cfg, String top) {
        checkTop(top);
        Circuit c = Elaborator.elaborate(() -> new AlpuTop(cfg));
        for (ModuleDef m : c.modules()) {
            if (m != c.top()) m.name(top + "_" + m.name());
        }
        c.top().name(top);
        return c;
    }

    /** The circuit under the variant's default top name ({@code alpu_prq} or {@code alpu_umq}). */
    public static Circuit elaborate(AlpuConfig cfg) {
        return elaborate(cfg, cfg.variant().defaultTop());
    }

    /** File name to text, children first, top last. */
    public static Map<String, String> emit(AlpuConfig cfg, String top) {
        return VerilogEmitter.emitFiles(elaborate(cfg, top));
    }

    /** Writes every module of the configuration into {@code dir}; returns the paths, top last. */
    public static List<Path> write(AlpuConfig cfg, String top, Path dir) throws IOException {
        return VerilogEmitter.writeFiles(elaborate(cfg, top), dir);
    }

    /** The files {@link #write} leaves for {@code top} in {@code dir}: {@code TOP.v} and {@code TOP_*.v}, sorted. */
    public static List<Path> filesIn(Path dir, String top) throws IOException {
        try (Stream<Path> listing = Files.list(dir)) {
            return listing.filter(f -> {
                String n = f.getFileName().toString();
                return n.endsWith(".v") && (n.equals(top + ".v") || n.startsWith(top + "_"));
            }).sorted().toList();
        }
    }

    /** What a {@link ParameterError} of the generator names: the top module's name. */
    public enum Parameter { TOP }

    /** Refuses a top name that is not a plain Verilog identifier, naming the value and the rule. */
    public static void checkTop(String top) {
        if (!Namespace.isLegalIdentifier(top) || top.length() > 200) {
            throw new ParameterError(Parameter.TOP, "must be a Verilog identifier ([A-Za-z_][A-Za-z0-9_]*, "
                    + "not a keyword, at most 200 characters)", "'" + top + "'");
        }
    }
}

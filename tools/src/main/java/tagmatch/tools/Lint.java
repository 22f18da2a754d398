package tagmatch.tools;

import tagmatch.hdl.backend.VerilogTools;
import tagmatch.process.UserError;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;

/** Runs the three Verilog readers on a design and prints one verdict line per tool. */
final class Lint {
    private Lint() {}

    static boolean run(List<Path> files, String top, PrintWriter out) {
        boolean ok = true;
        for (VerilogTools.Result r : results(files, top)) {
            out.printf("  %-10s %s%n", r.tool(), r.ok() ? "clean" : "FAILED");
            if (!r.ok()) {
                out.println(r.output().indent(4));
                ok = false;
            }
        }
        return ok;
    }

    static List<VerilogTools.Result> results(List<Path> files, String top) {
        try {
            return List.of(VerilogTools.verilatorLint(files, top), VerilogTools.yosys(files, top), VerilogTools.iverilog(files, top));
        } catch (IllegalStateException e) {
            throw new UserError(e.getMessage(), e);
        }
    }
}

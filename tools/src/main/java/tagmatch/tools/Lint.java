package tagmatch.tools;

import tagmatch.hdl.backend.VerilogTools;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;

/** Prints one verdict line per Verilog reader ({@link VerilogTools#readers}) of a design, and what a failing one said. */
final class Lint {
    private Lint() {}

    static boolean run(List<Path> files, String top, PrintWriter out) {
        boolean ok = true;
        for (VerilogTools.Result r : VerilogTools.readers(files, top)) {
            out.printf("  %-10s %s%n", r.tool(), r.ok() ? "clean" : r.ran() ? "WARNED" : "FAILED");
            if (!r.ok()) {
                out.println(r.output().indent(4));
                ok = false;
            }
        }
        return ok;
    }
}

package tagmatch.hdl.backend;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import tagmatch.process.Exec;
import tagmatch.process.ScratchDir;
import tagmatch.process.UserError;

/**
 * Runs the open-source tools that read generated Verilog: Verilator's linter, yosys and Icarus
 * Verilog. A missing tool is an error that says how to install it, never a silent pass.
 */
public final class VerilogTools {
    private VerilogTools() {}

    /** What a tool said. */
    public record Result(String tool, int exitCode, String output) {
        /** Whether the tool accepted the files without a single warning. */
        public boolean ok() {
            return exitCode == 0 && warnings().isEmpty();
        }

        /** Whether the tool ran to the end, warnings or not. */
        public boolean ran() {
            return exitCode == 0;
        }

        /** The lines of the output that warn (yosys {@code Warning:}, Verilator {@code %Warning-}, iverilog {@code warning:}). */
        public List<String> warnings() {
            List<String> out = new ArrayList<>();
            for (String line : output.split("\n"))
                if (line.toLowerCase(java.util.Locale.ROOT).contains("warning")) out.add(line.strip());
            return out;
        }

        /** The verdict in a word, then the output: {@code yosys: 1 warning(s)}. */
        public String verdict() {
            if (exitCode != 0) return tool + ": failed (exit " + exitCode + ")";
            int w = warnings().size();
            return tool + (w == 0 ? ": passed" : ": " + w + " warning(s)");
        }
    }

    /**
     * The three readers every generated design must satisfy, in this order: Verilator's linter,
     * yosys and Icarus Verilog. A reader that warns is not {@link Result#ok()}.
     */
    public static List<Result> readers(List<Path> files, String top) {
        try {
            return List.of(verilatorLint(files, top), yosys(files, top), iverilog(files, top));
        } catch (IllegalStateException e) {
            throw new UserError(e.getMessage(), e);
        }
    }

    /** {@code verilator --lint-only -Wall}, no waivers. */
    public static Result verilatorLint(List<Path> files, String top) {
        List<String> cmd = new ArrayList<>(List.of("verilator", "--lint-only", "-Wall", "--top-module", top));
        files.forEach(f -> cmd.add(f.toString()));
        return run("verilator", cmd);
    }

    /** {@code yosys}: read_verilog; hierarchy -check; proc; opt. */
    public static Result yosys(List<Path> files, String top) {
        return run("yosys", List.of("yosys", "-q", "-p", read("read_verilog", files) + "hierarchy -check -top " + top + "; proc; opt"));
    }

    /** {@code yosys}: read_verilog -formal (the text under {@code ifdef FORMAL} too); hierarchy -check; proc. */
    public static Result yosysFormal(List<Path> files, String top) {
        return run("yosys", List.of("yosys", "-q", "-p", read("read_verilog -formal", files) + "hierarchy -check -top " + top + "; proc"));
    }

    /** {@code yosys}: read_verilog; synth_ice40 -top; stat: the cells an iCE40 build would use. */
    public static Result synthIce40(List<Path> files, String top) {
        // -q silences the log; tee prints the statistics anyway
        return run("yosys", List.of("yosys", "-q", "-p", read("read_verilog", files) + "synth_ice40 -top " + top + "; tee -o /dev/stdout stat"));
    }

    /** The yosys commands that read each file with {@code command}, each ending in {@code "; "}. */
    private static String read(String command, List<Path> files) {
        StringBuilder script = new StringBuilder();
        for (Path f : files) script.append(command).append(' ').append(f).append("; ");
        return script.toString();
    }

    /** {@code iverilog -g2005} into a scratch file. */
    public static Result iverilog(List<Path> files, String top) {
        try (ScratchDir scratch = ScratchDir.create("iverilog")) {
            Path out = scratch.path().resolve(top + ".vvp");
            List<String> cmd = new ArrayList<>(List.of("iverilog", "-g2005", "-Wall", "-s", top, "-o", out.toString()));
            files.forEach(f -> cmd.add(f.toString()));
            return run("iverilog", cmd);
        }
    }

    static Result run(String tool, List<String> cmd) {
        Exec.Result r = Exec.of(cmd).hint(tool).timeout(Duration.ofMinutes(10)).run();
        return new Result(tool, r.exit(), r.output());
    }
}

package tagmatch.bench.firmware;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;
import tagmatch.process.Exec;

/**
 * Instructions a static riscv64-linux program executes inside chosen functions: the RISC-V
 * counterpart of callgrind's {@code --toggle-collect}, for the DPA's instruction set, where
 * valgrind does not run. qemu-riscv64 single-steps (one translation block per instruction) and
 * logs every block it executes ({@code -d exec,nochain}); the log is filtered to the chosen
 * functions' address ranges ({@code -dfilter}) and only its lines are counted, never stored.
 *
 * <p>Unlike a toggle, the choice is by the address of each executed instruction: a function is
 * counted wherever it is called from, and a spin loop is left out by leaving its function out.
 * Functions are chosen by name; a compiler's clones ({@code f.constprop.0}, {@code f.isra.0},
 * {@code f.part.0}) go by the name of the function they were cloned from.
 *
 * <pre>{@code
 * Rv64InstructionCount.Run r = Rv64InstructionCount.run(exe, dir, n -> n.startsWith("ll_"), List.of("list", "nc", "64", "4096", "32"));
 * }</pre>
 */
final class Rv64InstructionCount {
    static final String QEMU = "qemu-riscv64";
    static final String NM = "riscv64-linux-gnu-nm";
    /** Debian packages of the two tools, named when one is missing. */
    private static final String HINT = "qemu-user binutils-riscv64-linux-gnu";

    private Rv64InstructionCount() {}

    /** A function of the program: its name without clone suffix, first address and size in bytes. */
    record Function(String name, long start, long size) {}

    /** The instructions counted and the program's standard output. */
    record Run(long instructions, String output) {}

    /** The program's functions with code ({@code nm -S}: text symbols of non-zero size). */
    static List<Function> functions(Path exe) {
        String table = Exec.of(NM, "-S", "--defined-only", exe.toString()).hint(HINT).check();
        List<Function> out = new ArrayList<>();
        for (String line : table.split("\n")) {
            String[] f = line.trim().split("\\s+");
            if (f.length != 4 || !(f[2].equals("t") || f[2].equals("T"))) continue;
            long size = Long.parseUnsignedLong(f[1], 16);
            if (size == 0) continue;
            int dot = f[3].indexOf('.');
            out.add(new Function(dot > 0 ? f[3].substring(0, dot) : f[3], Long.parseUnsignedLong(f[0], 16), size));
        }
        return out;
    }

    /**
     * Runs {@code exe args} under qemu-riscv64 in {@code dir} and counts the instructions it
     * executes in the functions whose name {@code counted} accepts. A failing program, or a
     * choice that names no function, is an error.
     */
    static Run run(Path exe, Path dir, Predicate<String> counted, List<String> args) {
        List<String> ranges = new ArrayList<>();
        for (Function f : functions(exe)) {
            if (counted.test(f.name())) ranges.add("0x" + Long.toHexString(f.start()) + "+0x" + Long.toHexString(f.size()));
        }
        if (ranges.isEmpty()) throw new IllegalArgumentException("no function of " + exe + " is chosen to be counted");
        // qemu runs inside a shell pipeline, where a missing one would be a shell error: start it
        // directly once so that its absence is the usual missing-tool error naming the package
        if (Exec.which(QEMU).isEmpty()) Exec.of(QEMU, "--version").hint(HINT).run();
        Path stdout = dir.resolve("rv64-count.stdout");
        // the log goes to the pipe (qemu's stderr), the program's own output to a file; any
        // other line on stderr (an error) is passed on, the count is the last line
        StringBuilder script = new StringBuilder("set -o pipefail; ").append(QEMU)
                .append(" -singlestep -d exec,nochain -dfilter ").append(String.join(",", ranges))
                .append(" -D /dev/stderr ").append(quote(exe.toString()));
        for (String a : args) script.append(' ').append(quote(a));
        script.append(" 2>&1 >").append(quote(stdout.toString())).append(" | awk '/^Trace /{n++; next} {print > \"/dev/stderr\"} END{print n+0}'");
        String log = Exec.of("bash", "-c", script.toString()).in(dir).hint(HINT).check().strip();
        String last = log.substring(log.lastIndexOf('\n') + 1);
        try {
            String output = Files.readString(stdout);
            Files.delete(stdout);
            return new Run(Long.parseLong(last), output);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (NumberFormatException e) {
            throw new IllegalStateException("qemu-riscv64 gave no instruction count:\n" + log, e);
        }
    }

    private static String quote(String s) {
        return "'" + s.replace("'", "'\\''") + "'";
    }
}

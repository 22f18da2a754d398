package tagmatch.eda.synth;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import tagmatch.process.Exec;
import tagmatch.process.ScratchDir;
import tagmatch.process.ToolException;
import tagmatch.process.UserError;

/**
 * Runs yosys on a Verilog file and reads back LUTs, flip-flops and LUT depth.
 *
 * <p>Area: {@code synth_xilinx -flatten -family F -top X}. The default family is {@code xc2vp}
 * (Virtex-II Pro, the seed's FPGA, 4-input LUTs), which yosys 0.23 supports as experimental; it
 * maps to LUT1..LUT4, FD* flip-flops, MUXF5.., MUXCY/XORCY carry chains and distributed RAM.
 *
 * <p>Depth: {@code ltp -noff} does not recognise the Xilinx flip-flop cells (FDRE...) as
 * registers, so on the Xilinx netlist it would report paths through flip-flops. Depth is therefore
 * measured on a second, generic mapping of the same design to 4-input LUTs ({@code synth -flatten;
 * abc -lut 4}), whose {@code $_DFF_*} cells {@code ltp -noff} does exclude: the result is the
 * number of 4-LUT levels on the longest register-to-register (or port) path.
 *
 * <p>This class takes no machine-wide lock: yosys is CPU-heavy, so a shared machine serializes
 * runs outside it (a test already holding such a lock would deadlock on a second one).
 */
public final class YosysSynth {
    /** The {@code synth_xilinx -family} values yosys 0.23 accepts ({@code yosys -h synth_xilinx}). */
    public static final List<String> FAMILIES = List.of("xcup", "xcu", "xc7", "xc6s", "xc6v", "xc5v", "xc4v",
            "xc3sda", "xc3sa", "xc3se", "xc3s", "xc2vp", "xc2v", "xcve", "xcv");
    public static final String DEFAULT_FAMILY = "xc2vp";

    private static final Pattern STAT_CELL = Pattern.compile("^\\s+(\\S+)\\s+(\\d+)\\s*$");
    private static final Pattern LTP = Pattern.compile("Longest topological path in \\S+ \\(length=(\\d+)\\)");
    private static final Pattern NAME = Pattern.compile("[A-Za-z_][A-Za-z0-9_$]*");

    private final String yosys;
    private final long timeoutSeconds;

    /** yosys from the PATH, at most one hour per run. */
    public YosysSynth() {
        this("yosys", 3600);
    }

    public YosysSynth(String yosysExecutable, long timeoutSeconds) {
        this.yosys = Objects.requireNonNull(yosysExecutable, "yosysExecutable");
        if (timeoutSeconds < 1) throw new IllegalArgumentException("timeoutSeconds must be >= 1, got " + timeoutSeconds);
        this.timeoutSeconds = timeoutSeconds;
    }

    /** Synthesizes {@code top} of {@code verilog} for {@code family} and reports its size and depth. */
    public SynthReport run(Path verilog, String top, String family) {
        Objects.requireNonNull(verilog, "verilog");
        if (!Files.isRegularFile(verilog)) throw new UserError("Verilog file " + verilog + " does not exist");
        if (top == null || !NAME.matcher(top).matches()) {
            throw new IllegalArgumentException("top must be a Verilog module name, got " + top);
        }
        if (!FAMILIES.contains(family)) {
            throw new IllegalArgumentException("family must be one of " + String.join(", ", FAMILIES) + ", got " + family);
        }
        try (ScratchDir work = ScratchDir.create("synth")) {
            Path dir = work.path();
            Path stat = dir.resolve("stat.txt");
            Path ltp = dir.resolve("ltp.txt");
            Path log = dir.resolve("yosys.log");
            Path script = dir.resolve("synth.ys");
            // yosys commands take file names without quoting: work on a copy at a plain temporary path.
            Path src = dir.resolve("design.v");
            Files.copy(verilog, src);
            Files.writeString(script, String.join("\n",
                    "read_verilog " + src,
                    "hierarchy -check -top " + top,
                    "design -save original",
                    "synth_xilinx -flatten -family " + family + " -top " + top,
                    "tee -q -o " + stat + " stat",
                    "design -load original",
                    "synth -flatten -top " + top,
                    "abc -lut 4",
                    "opt_clean",
                    "tee -q -o " + ltp + " ltp -noff",
                    ""), StandardCharsets.UTF_8);
            Exec.Result r = Exec.of(yosys, "-q", "-l", log.toString(), "-s", script.toString())
                    .hint("yosys").timeout(Duration.ofSeconds(timeoutSeconds)).run();
            if (!r.ok()) {
                // With -q yosys prints only warnings and the error; the log has the context.
                String out = r.output().isBlank() && Files.exists(log) ? Files.readString(log) : r.output();
                throw new UserError("yosys failed on " + verilog + " (exit " + r.exit() + "):\n" + tail(out, 15));
            }
            return parse(top, family, Files.readString(stat), Files.readString(ltp));
        } catch (IOException e) {
            throw new UserError("synthesis of " + verilog + " failed: " + e.getMessage(), e);
        } catch (ToolException e) {
            throw new UserError("synthesis of " + verilog + ": " + e.getMessage(), e);
        }
    }

    /** Reads the cell table of yosys {@code stat} and the length of {@code ltp}. */
    static SynthReport parse(String top, String family, String stat, String ltp) {
        Map<String, Integer> cells = new TreeMap<>();
        boolean inCells = false;
        for (String line : stat.split("\n")) {
            if (line.contains("Number of cells:")) {
                inCells = true;
                continue;
            }
            if (!inCells) continue;
            Matcher m = STAT_CELL.matcher(line);
            if (m.matches()) cells.merge(m.group(1), Integer.parseInt(m.group(2)), Integer::sum);
            else if (!line.isBlank()) inCells = false;
        }
        if (cells.isEmpty() && !stat.contains("Number of cells:")) {
            throw new UserError("yosys stat output has no cell table:\n" + tail(stat, 10));
        }
        int luts = 0;
        int ffs = 0;
        for (Map.Entry<String, Integer> e : cells.entrySet()) {
            if (e.getKey().matches("LUT[1-6]")) luts += e.getValue();
            if (e.getKey().matches("FD[A-Z_]*")) ffs += e.getValue();
        }
        Matcher m = LTP.matcher(ltp);
        if (!m.find()) throw new UserError("yosys ltp output has no longest path:\n" + tail(ltp, 10));
        return new SynthReport(top, family, luts, ffs, Integer.parseInt(m.group(1)), cells);
    }

    private static String tail(String text, int lines) {
        String[] all = text.split("\n");
        StringBuilder sb = new StringBuilder();
        for (int i = Math.max(0, all.length - lines); i < all.length; i++) sb.append(all[i]).append('\n');
        return sb.toString();
    }

}

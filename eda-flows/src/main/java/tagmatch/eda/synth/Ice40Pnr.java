package tagmatch.eda.synth;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Locale;
import java.util.Objects;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import tagmatch.process.Exec;
import tagmatch.process.ScratchDir;
import tagmatch.process.ToolException;
import tagmatch.process.UserError;

/**
 * Place and route on a Lattice iCE40 HX8K (package CT256, 7,680 logic cells) with
 * the open flow: yosys {@code synth_ice40}, then {@code nextpnr-ice40}. LUT counts hide the clock;
 * this is where the clock rate of a generated design is measured after routing.
 *
 * <p>nextpnr is asked for a clock it cannot meet ({@link #TARGET_MHZ}) with
 * {@code --timing-allow-fail}, so the placer works on timing throughout and the report is the
 * achieved Fmax rather than a pass/fail verdict. A design that does not fit (logic cells or I/Os)
 * is a {@link UserError} naming what overflowed.
 *
 * <p>The caller holds a build slot; this class does not take one.
 */
public final class Ice40Pnr {
    /** The device and package every run uses. */
    public static final String DEVICE = "hx8k";
    public static final String PACKAGE = "ct256";
    /** The clock nextpnr is asked for: above anything an iCE40 HX closes, so it always optimises for speed. */
    public static final int TARGET_MHZ = 200;

    private static final Pattern UTIL = Pattern.compile("^Info:\\s+(\\S+):\\s+(\\d+)/\\s*(\\d+)\\s+\\d+%", Pattern.MULTILINE);
    private static final Pattern FMAX = Pattern.compile("Max frequency for clock '[^']*': ([0-9.]+) MHz");
    private static final Pattern NAME = Pattern.compile("[A-Za-z_][A-Za-z0-9_$]*");

    private final Duration timeout;

    /** At most one hour per tool run. */
    public Ice40Pnr() {
        this(Duration.ofHours(1));
    }

    public Ice40Pnr(Duration timeout) {
        this.timeout = Objects.requireNonNull(timeout, "timeout");
    }

    /** Synthesizes, places and routes {@code top} of {@code verilog} (all modules in one file). */
    public PnrReport run(Path verilog, String top, int seed) {
        try (ScratchDir work = ScratchDir.create("pnr")) {
            return run(verilog, top, seed, work.path());
        }
    }

    /**
     * As {@link #run(Path, String, int)}, working in {@code work} and leaving there what a reader
     * of the timing wants: {@code design.json} (yosys), {@code design.asc} (the routed bitstream
     * source) and {@code nextpnr.log}, whose critical-path report names every net on the path.
     */
    public PnrReport run(Path verilog, String top, int seed, Path work) {
        Objects.requireNonNull(verilog, "verilog");
        if (!Files.isRegularFile(verilog)) throw new UserError("Verilog file " + verilog + " does not exist");
        if (top == null || !NAME.matcher(top).matches()) {
            throw new IllegalArgumentException("top must be a Verilog module name, got " + top);
        }
        try {
            Path src = work.resolve("design.v");
            Files.copy(verilog, src);
            Path json = work.resolve("design.json");
            Exec.Result syn = Exec.of("yosys", "-q", "-p",
                            "read_verilog " + src + "; synth_ice40 -top " + top + " -json " + json)
                    .hint("yosys").timeout(timeout).run();
            if (!syn.ok()) throw new UserError("yosys synth_ice40 failed on " + verilog + " (exit " + syn.exit() + "):\n" + syn.tail(15));
            Exec.Result pnr = Exec.of("nextpnr-ice40", "--" + DEVICE, "--package", PACKAGE, "--json", json.toString(),
                            "--asc", work.resolve("design.asc").toString(), "--freq", Integer.toString(TARGET_MHZ),
                            "--seed", Integer.toString(seed), "--timing-allow-fail")
                    .hint("nextpnr-ice40").timeout(timeout).run();
            Files.writeString(work.resolve("nextpnr.log"), pnr.output());
            return parse(top, seed, pnr.output(), pnr.ok());
        } catch (IOException e) {
            throw new UserError("place and route of " + verilog + " failed: " + e.getMessage(), e);
        } catch (ToolException e) {
            throw new UserError("place and route of " + verilog + ": " + e.getMessage(), e);
        }
    }

    /**
     * Reads the device utilisation and the last (post-route) Fmax from nextpnr's log. A failed run
     * whose utilisation exceeds the device is reported as not fitting.
     */
    static PnrReport parse(String top, int seed, String log, boolean ok) {
        int lcs = -1;
        int lcCap = -1;
        int ios = -1;
        int ioCap = -1;
        Matcher u = UTIL.matcher(log);
        while (u.find()) {
            int used = Integer.parseInt(u.group(2));
            int cap = Integer.parseInt(u.group(3));
            if (u.group(1).equals("ICESTORM_LC")) {
                lcs = used;
                lcCap = cap;
            } else if (u.group(1).equals("SB_IO")) {
                ios = used;
                ioCap = cap;
            }
        }
        String where = "iCE40 " + DEVICE.toUpperCase(Locale.ROOT) + " " + PACKAGE.toUpperCase(Locale.ROOT);
        if (lcs > lcCap && lcCap > 0) throw new DoesNotFit(top + " does not fit the " + where + ": " + lcs + " logic cells, the device has " + lcCap);
        if (ios > ioCap && ioCap > 0) throw new DoesNotFit(top + " does not fit the " + where + ": " + ios + " I/O cells, the package has " + ioCap);
        Double fmax = null;
        Matcher f = FMAX.matcher(log);
        while (f.find()) fmax = Double.parseDouble(f.group(1));
        if (!ok || fmax == null || lcs < 0) {
            throw new UserError("nextpnr-ice40 failed on " + top + (ok ? " (no utilisation or Fmax in its log)" : "") + ":\n" + tail(log, 15));
        }
        return new PnrReport(top, DEVICE + "-" + PACKAGE, seed, lcs, lcCap, ios, fmax);
    }

    /** The design needs more logic cells or I/O cells than the device and package have: an answer, not a tool failure. */
    public static final class DoesNotFit extends UserError {
        DoesNotFit(String message) {
            super(message);
        }
    }

    private static String tail(String text, int lines) {
        String[] all = text.strip().split("\n");
        return String.join("\n", java.util.Arrays.asList(all).subList(Math.max(0, all.length - lines), all.length));
    }

}

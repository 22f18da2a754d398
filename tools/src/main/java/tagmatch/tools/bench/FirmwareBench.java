package tagmatch.tools.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import tagmatch.otm.OtmConfig;
import tagmatch.process.Exec;
import tagmatch.testbench.firmware.FirmwareBuild;
import tagmatch.tools.Check;
import tagmatch.tools.Temp;
import tagmatch.tools.UsageError;
import tagmatch.tools.UserError;

/**
 * {@code tagmatch bench firmware}: instructions a matched message costs in the generated
 * optimistic matcher against a single-threaded MPICH-style linked list in C (same gcc flags),
 * counted by valgrind callgrind with a constant number of receives kept posted. "All-in" counts
 * the message's {@code otm_match_msg}, its share of {@code otm_block_begin}/{@code otm_block_end}
 * and the post of its receive; "match" leaves the post out. Waiting in the partial barriers and
 * for a bin's remove lock ({@code otm_wait_bits}, {@code otm_lock_wait}) is left out: it is
 * scheduling, not work. A second table runs the with-conflict workload and the wildcard mix on
 * builds without the fast path and/or the early booking check.
 */
@Command(name = "firmware",
        mixinStandardHelpOptions = true,
        description = "DPA firmware: instructions per matched message (callgrind) vs an MPICH-style C linked list, and the ablation of the fast path and early booking.")
public final class FirmwareBench implements Callable<Integer> {
    @Option(names = "--depths", split = ",", description = "Receives kept posted. Default: ${DEFAULT-VALUE}.")
    int[] depths = {1, 64, 1000};

    @Option(names = "--threads", description = "N of the firmware build (messages per block). Default: ${DEFAULT-VALUE}.")
    int threads = 32;

    @Option(names = "--bins", description = "Bins per hash index. Default: ${DEFAULT-VALUE}.")
    int bins = 128;

    @Option(names = "--messages", description = "Matched messages per measurement. Default: ${DEFAULT-VALUE}.")
    int messages = 4096;

    @Option(names = "--ablation-depth", description = "Depth of the ablation table. Default: ${DEFAULT-VALUE}.")
    int ablationDepth = 64;

    @picocli.CommandLine.Mixin
    tagmatch.tools.KeepTempOption keepTemp = new tagmatch.tools.KeepTempOption();

    /** The workloads of otm_bench, with their names in the table. */
    private static final String[][] CASES = {
        {"nc", "no conflict"}, {"conflict", "conflict"}, {"wild", "wildcard mix"}};

    /** The ablation's workloads: conflicts resolved per key, and by the booking protocol (wildcard receives stored). */
    private static final String[] ABLATION_CASES = {"conflict", "wild"};

    private static String caseName(String kase) {
        for (String[] c : CASES) if (c[0].equals(kase)) return c[1];
        throw new IllegalArgumentException(kase);
    }

    @Override
    public Integer call() throws IOException {
        if (depths.length == 0) throw new UsageError("--depths must name at least one depth");
        for (int d : depths) Check.range("--depths", d, 1, 1024);
        Check.range("--threads", threads, 1, OtmConfig.MAX_THREADS);
        Check.atLeast("--messages", messages, 1);
        Check.range("--ablation-depth", ablationDepth, 1, 1024);
        OtmConfig cfg;
        try {
            cfg = OtmConfig.defaults().withThreads(threads).withBins(bins).withCapacities(1024, 1024);
        } catch (IllegalArgumentException e) {
            throw new UsageError("--bins: " + e.getMessage(), e);
        }
        try (Temp temp = keepTemp.dir("bench-firmware", new java.io.PrintWriter(System.err, true))) {
            Path tmp = temp.path();
            Path exe = build(cfg, tmp);
            System.out.println("firmware " + cfg.key() + " (gcc -O2 -g); baseline: MPICH-style linked list in C, same flags, one thread");
            System.out.println("instructions per matched message (valgrind callgrind; " + messages + " matched messages; "
                    + "barrier and lock waits left out); ratio = firmware all-in / list all-in");
            System.out.println(String.format("%-13s %6s %10s %10s %10s %10s %8s %20s", "case", "depth", "list all-in", "list match",
                    "fw all-in", "fw match", "ratio", "conflicts/fast/slow"));
            for (String[] c : CASES) {
                for (int depth : depths) {
                    Cost list = cost(exe, tmp, "list", c[0], depth);
                    Cost fw = cost(exe, tmp, "otm", c[0], depth);
                    System.out.println(String.format("%-13s %6d %10.1f %10.1f %10.1f %10.1f %7.3fx %20s", c[1], depth, list.allIn, list.match,
                            fw.allIn, fw.match, fw.allIn / list.allIn, fw.stats));
                }
            }
            System.out.println();
            System.out.println("ablation: the conflict workload (per-key resolution) and the wildcard mix (booking protocol) at depth "
                    + ablationDepth + " on each build (all-in instructions per matched message)");
            System.out.println(String.format("%-13s %-34s %10s %10s %20s", "case", "build", "fw all-in", "fw match", "conflicts/fast/slow"));
            boolean[][] variants = {{true, true}, {true, false}, {false, true}, {false, false}};
            for (String kase : ABLATION_CASES) {
                for (boolean[] v : variants) {
                    Path e = build(cfg.withOptimizations(v[0], v[1]), tmp);
                    Cost fw = cost(e, tmp, "otm", kase, ablationDepth);
                    String name = "fast path " + (v[0] ? "on" : "off") + ", early booking " + (v[1] ? "on" : "off");
                    System.out.println(String.format("%-13s %-34s %10.1f %10.1f %20s", caseName(kase), name, fw.allIn, fw.match, fw.stats));
                }
            }
            return 0;
        }
    }

    private static Path build(OtmConfig cfg, Path dir) {
        try {
            return FirmwareBuild.generate(cfg, dir).artifact("bench", "otm_bench");
        } catch (IllegalStateException e) {
            throw new UserError("cannot build the benchmark: " + e.getMessage(), e);
        }
    }

    /** Instructions per matched message: all-in and match only, and the firmware's conflict counters. */
    private record Cost(double allIn, double match, String stats) {}

    private Cost cost(Path exe, Path dir, String mode, String kase, int depth) throws IOException {
        boolean fw = mode.equals("otm");
        List<String> match = fw
                ? List.of("otm_block_begin", "otm_match_msg", "otm_match_msg_hashed", "otm_block_end", "otm_wait_bits", "otm_lock_wait")
                : List.of("ll_arrive*");
        List<String> all = new ArrayList<>(match);
        all.add(fw ? "otm_post_recv" : "ll_post*");
        Run full = callgrind(exe, dir, mode, kase, depth, messages, all);
        Run setup = callgrind(exe, dir, mode, kase, depth, 0, all);
        Run matchOnly = callgrind(exe, dir, mode, kase, depth, messages, match);
        double n = full.matched;
        return new Cost((full.ir - setup.ir) / n, matchOnly.ir / n, full.stats);
    }

    private record Run(long ir, long matched, String stats) {}

    private Run callgrind(Path exe, Path dir, String mode, String kase, int depth, int msgs, List<String> toggles) throws IOException {
        Path out = dir.resolve("callgrind.out");
        List<String> cmd = new ArrayList<>(List.of("valgrind", "--tool=callgrind", "--callgrind-out-file=" + out));
        for (String t : toggles) cmd.add("--toggle-collect=" + t);
        cmd.addAll(List.of(exe.toString(), mode, kase, String.valueOf(depth), String.valueOf(msgs), String.valueOf(threads)));
        String log = Exec.of(cmd).in(dir).hint("valgrind").check();
        long matched = -1;
        String stats = "";
        for (String line : log.split("\n")) {
            if (line.startsWith("matched ")) {
                String[] f = line.trim().split(" ");
                matched = Long.parseLong(f[1]);
                stats = f[7] + "/" + f[9] + "/" + f[11];
            }
        }
        long ir = -1;
        for (String line : Files.readAllLines(out)) {
            if (line.startsWith("summary:") || line.startsWith("totals:")) ir = Long.parseLong(line.split("\\s+")[1]);
        }
        Files.delete(out);
        if (matched < 0 || ir < 0 || (msgs > 0 && matched == 0)) throw new IllegalStateException("callgrind gave no figures:\n" + log);
        return new Run(ir, matched, stats);
    }
}

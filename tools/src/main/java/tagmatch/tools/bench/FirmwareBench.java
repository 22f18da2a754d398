package tagmatch.tools.bench;

import tagmatch.process.Exec;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import tagmatch.otm.OtmConfig;
import tagmatch.testbench.firmware.FirmwareBuild;
import tagmatch.tools.UserError;

/**
 * {@code tagmatch bench firmware}: the generated optimistic matcher (native, N threads) on seed
 * 000's three cases (no conflict, conflict on the fast path, conflict on the slow path) against
 * the single-threaded linked-list matcher in C (the seed's "MPI on the CPU") at several queue
 * depths. Two figures: matched messages per second (median of repetitions, wall clock, noisy on
 * a shared machine) and instructions per matched message from valgrind callgrind (stable).
 */
@Command(name = "firmware",
        mixinStandardHelpOptions = true,
        description = "DPA firmware: matched msg/s and instructions per matched message vs the C linked-list baseline.")
public final class FirmwareBench implements Callable<Integer> {
    @Option(names = "--depths", split = ",", description = "Queue depths. Default: ${DEFAULT-VALUE}.")
    int[] depths = {1, 64, 1024};

    @Option(names = "--threads", split = ",", description = "N values of the firmware. Default: ${DEFAULT-VALUE}.")
    int[] threads = {1, 4, 32};

    @Option(names = "--callgrind-threads", description = "N of the callgrind run. Default: ${DEFAULT-VALUE}.")
    int callgrindThreads = 4;

    @Option(names = "--messages", description = "Messages per measurement (rounds = messages / depth). Default: ${DEFAULT-VALUE}.")
    int messages = 65536;

    @Option(names = "--reps", description = "Repetitions; the median rate is reported. Default: ${DEFAULT-VALUE}.")
    int reps = 3;

    @Option(names = "--no-callgrind", description = "Skip the valgrind measurement.")
    boolean noCallgrind;

    @Option(names = "--no-rates", description = "Skip the wall-clock measurement.")
    boolean noRates;

    private static final String[] CASES = {"nc", "fast", "slow"};
    private static final String[] CASE_NAMES = {"no conflict", "conflict, fast path", "conflict, slow path"};

    @Override
    public Integer call() throws IOException {
        for (int d : depths) if (d < 1 || d > 1024) throw new IllegalArgumentException("--depths: " + d + " is illegal: must be 1..1024");
        for (int n : threads) if (n < 1 || n > 64) throw new IllegalArgumentException("--threads: " + n + " is illegal: must be 1..64");
        if (messages < 1) throw new IllegalArgumentException("--messages = " + messages + " is illegal: must be >= 1");
        int maxN = Arrays.stream(threads).max().orElse(1);
        maxN = Math.max(maxN, callgrindThreads);
        OtmConfig cfg = OtmConfig.defaults().withThreads(maxN).withBins(128).withCapacities(1024, 1024);
        Path tmp = Files.createTempDirectory("tagmatch-bench-fw-");
        Path exe;
        try {
            exe = FirmwareBuild.generate(cfg, tmp).artifact("bench", "otm_bench");
        } catch (IllegalStateException e) {
            throw new UserError("cannot build the benchmark: " + e.getMessage(), e);
        }
        System.out.println("firmware " + cfg.key() + "; baseline: single-threaded linked-list matcher in C (same gcc -O2)");
        if (!noRates) rates(exe);
        if (noCallgrind) return 0;
        System.out.println();
        System.out.println("instructions per matched message (valgrind callgrind, matching calls only; firmware N="
                + callgrindThreads + ", partial-barrier waits excluded), ratio = firmware / baseline;");
        System.out.println("conflicts / fast / slow: the firmware's otm_stats in that run");
        System.out.println(String.format("%-22s %6s %12s %12s %8s %22s", "case", "depth", "baseline", "firmware", "ratio",
                "conflicts/fast/slow"));
        for (int c = 0; c < CASES.length; c++) {
            for (int depth : depths) {
                int rounds = Math.max(1, Math.min(messages, 8192) / depth);
                double base = instructions(exe, tmp, "list", CASES[c], depth, rounds, 1)[0];
                double[] fw = instructions(exe, tmp, "otm", CASES[c], depth, rounds, callgrindThreads);
                System.out.println(String.format("%-22s %6d %12.1f %12.1f %8.2f %22s", CASE_NAMES[c], depth, base, fw[0],
                        fw[0] / base, (long) fw[1] + "/" + (long) fw[2] + "/" + (long) fw[3]));
            }
        }
        return 0;
    }

    private void rates(Path exe) {
        System.out.println("matched messages per second (median of " + reps + "), ratio = firmware / baseline;");
        System.out.println("'inline' = the firmware called from one thread with one-message blocks (no thread hand-off),");
        System.out.println("'N=n' = each block's messages on n worker threads released per block (host threads, "
                + Runtime.getRuntime().availableProcessors() + " cores)");
        StringBuilder head = new StringBuilder(String.format("%-22s %6s %14s %22s", "case", "depth", "baseline", "firmware inline"));
        for (int n : threads) head.append(String.format(" %22s", "firmware N=" + n));
        System.out.println(head);
        for (int c = 0; c < CASES.length; c++) {
            for (int depth : depths) {
                int rounds = Math.max(1, messages / depth);
                double base = rate(exe, "list", CASES[c], depth, rounds, 1);
                double inline = rate(exe, "inline", CASES[c], depth, rounds, 1);
                StringBuilder row = new StringBuilder(String.format("%-22s %6d %14.0f %13.0f (%5.2fx)", CASE_NAMES[c], depth, base,
                        inline, inline / base));
                for (int n : threads) {
                    double r = rate(exe, "otm", CASES[c], depth, rounds, n);
                    row.append(String.format(" %13.0f (%5.2fx)", r, r / base));
                }
                System.out.println(row);
            }
        }
    }

    private double rate(Path exe, String mode, String kase, int depth, int rounds, int n) {
        List<Double> r = new ArrayList<>();
        for (int i = 0; i < reps; i++) {
            String[] f = Exec.of(exe.toString(), mode, kase,
                    String.valueOf(depth), String.valueOf(rounds), String.valueOf(n)).in(exe.getParent()).check().trim().split(" ");
            r.add(Long.parseLong(f[1]) / Double.parseDouble(f[3]));
        }
        r.sort(null);
        return r.get(r.size() / 2);
    }

    /** Instructions per matched message, then the run's conflicts, fast-path and slow-path counts. */
    private double[] instructions(Path exe, Path dir, String mode, String kase, int depth, int rounds, int n) throws IOException {
        Path out = dir.resolve("callgrind." + mode + "." + kase + "." + depth);
        List<String> cmd = new ArrayList<>(List.of("valgrind", "--tool=callgrind", "--callgrind-out-file=" + out));
        if (mode.equals("otm")) {
            /* otm_wait_older toggles collection off inside the matching calls: waiting for older
               threads is scheduling, not matching work, and would make the count depend on it */
            cmd.addAll(List.of("--toggle-collect=otm_match_msg", "--toggle-collect=otm_block_begin",
                    "--toggle-collect=otm_block_end", "--toggle-collect=otm_wait_older"));
        } else {
            cmd.add("--toggle-collect=ll_arrive");
        }
        cmd.addAll(List.of(exe.toString(), mode, kase, String.valueOf(depth), String.valueOf(rounds), String.valueOf(n)));
        String log = Exec.of(cmd).in(dir).hint("valgrind").check();
        long matched = -1;
        String[] f = null;
        for (String line : log.split("\n")) {
            if (line.startsWith("messages ")) {
                f = line.trim().split(" ");
                matched = Long.parseLong(f[1]);
            }
        }
        long ir = -1;
        for (String line : Files.readAllLines(out)) {
            if (line.startsWith("summary:") || line.startsWith("totals:")) ir = Long.parseLong(line.split("\\s+")[1]);
        }
        if (matched <= 0 || ir < 0) throw new IllegalStateException("callgrind gave no figures:\n" + log);
        return new double[] {ir / (double) matched, Long.parseLong(f[5]), Long.parseLong(f[7]), Long.parseLong(f[9])};
    }
}

package tagmatch.tools.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.function.Predicate;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import tagmatch.otm.OtmConfig;
import tagmatch.process.Exec;
import tagmatch.process.UsageError;
import tagmatch.process.UserError;
import tagmatch.testbench.firmware.FirmwareBuild;
import tagmatch.tools.OptionCheck;
import tagmatch.tools.Progress;
import tagmatch.tools.Temp;

/**
 * {@code tagmatch bench firmware}: instructions a matched message costs in the generated
 * optimistic matcher against a single-threaded MPICH-style linked list in C (same gcc flags),
 * counted by valgrind callgrind with a constant number of receives kept posted. "All-in" counts
 * the message's {@code otm_match_msg}, its share of {@code otm_block_begin}/{@code otm_block_end}
 * and the post of its receive; "match" leaves the post out. Waiting in the partial barriers and
 * for a bin's remove lock ({@code otm_wait_bits}, {@code otm_lock_wait}) is left out: it is
 * scheduling, not work. The same counts are taken on RISC-V, the DPA's instruction set, by
 * qemu-riscv64 ({@link Rv64InstructionCount}) from the same sources built for riscv64-linux. A
 * last table runs the with-conflict workload and the wildcard mix on builds without in-order
 * blocks, and then without the fast path and/or the early booking check.
 */
@Command(name = "firmware",
        mixinStandardHelpOptions = true,
        description = "DPA firmware: instructions per matched message on x86-64 (callgrind) and rv64, the DPA's ISA (qemu-riscv64), vs an MPICH-style C linked list, and the ablation of in-order blocks, the fast path and early booking.")
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

    @Option(names = "--isa", split = ",", description = "Instruction sets counted: x86-64 (valgrind callgrind), rv64 (qemu-riscv64: the DPA's). Default: ${DEFAULT-VALUE}.")
    List<String> isas = List.of("x86-64", "rv64");

    @picocli.CommandLine.Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @picocli.CommandLine.Mixin
    tagmatch.tools.KeepTempOption keepTemp = new tagmatch.tools.KeepTempOption();

    /** The workloads of otm_bench, with their names in the table. */
    private static final String[][] CASES = {
        {"nc", "no conflict"}, {"conflict", "conflict"}, {"wild", "wildcard mix"}};

    /** An instruction set counted: its name on the command line, the bench's make target and program, and how it is counted. */
    private enum Isa {
        X86_64("x86-64", "bench", "otm_bench", "valgrind callgrind"),
        RV64("rv64", "bench-rv64", "otm_bench_rv64", "qemu-riscv64, riscv64-linux-gnu-gcc: the DPA's instruction set");

        final String name, target, program, counter;

        Isa(String name, String target, String program, String counter) {
            this.name = name;
            this.target = target;
            this.program = program;
            this.counter = counter;
        }

        static Isa of(String name) {
            for (Isa i : values()) if (i.name.equals(name)) return i;
            throw new UsageError("--isa must be x86-64 or rv64, got " + name);
        }
    }

    /** The ablation's workloads: conflicts resolved per key, and by the booking protocol (wildcard receives stored). */
    private static final String[] ABLATION_CASES = {"conflict", "wild"};

    private static String caseName(String kase) {
        for (String[] c : CASES) if (c[0].equals(kase)) return c[1];
        throw new IllegalArgumentException(kase);
    }

    @Override
    public Integer call() throws IOException {
        if (depths.length == 0) throw new UsageError("--depths must name at least one depth");
        for (int d : depths) OptionCheck.range("--depths", d, 1, 1024);
        OptionCheck.range("--threads", threads, 1, OtmConfig.MAX_THREADS);
        OptionCheck.atLeast("--messages", messages, 1);
        OptionCheck.range("--ablation-depth", ablationDepth, 1, 1024);
        if (isas.isEmpty()) throw new UsageError("--isa must name at least one of x86-64, rv64");
        List<Isa> chosen = isas.stream().map(Isa::of).distinct().toList();
        OtmConfig cfg;
        try {
            cfg = OtmConfig.defaults().withThreads(threads).withBins(bins).withCapacities(1024, 1024);
        } catch (IllegalArgumentException e) {
            throw OptionCheck.asOption("--bins", e);
        }
        OtmConfig optimistic = cfg.withInOrderRun(0);
        List<Variant> variants = List.of(new Variant("default (all on)", cfg),
                new Variant("in order off", optimistic),
                new Variant("in order off, early booking off", optimistic.withOptimizations(true, false)),
                new Variant("in order off, fast path off", optimistic.withOptimizations(false, true)),
                new Variant("in order, fast path, early bk off", optimistic.withOptimizations(false, false)));
        long steps = (long) chosen.size() * (CASES.length * depths.length * 2L + ABLATION_CASES.length * variants.size());
        try (Temp temp = keepTemp.dir("bench-firmware", new java.io.PrintWriter(System.err, true));
             Progress progress = Progress.start("bench firmware", steps, "measurements")) {
            Path tmp = temp.path();
            java.io.PrintWriter out = spec.commandLine().getOut();
            out.println("firmware " + cfg.key() + " (gcc -O2 -g); baseline: MPICH-style linked list in C, same flags, one thread");
            out.println("instructions per matched message (" + messages + " matched messages; barrier and lock waits left out); "
                    + "ratio = firmware all-in / list all-in; "
                    + "in order = messages of in-order blocks");
            FirmwareBuild main = FirmwareBuild.generate(cfg, tmp);  // generated once, built for every instruction set
            for (Isa isa : chosen) {
                Path exe = build(main, isa);
                out.println();
                out.println(isa.name + " (" + isa.counter + ")");
                out.println(String.format("%-13s %6s %10s %10s %10s %10s %8s %28s", "case", "depth", "list all-in", "list match",
                        "fw all-in", "fw match", "ratio", "conflicts/fast/slow/in order"));
                for (String[] c : CASES) {
                    for (int depth : depths) {
                        Cost list = cost(isa, exe, tmp, "list", c[0], depth);
                        progress.step();
                        Cost fw = cost(isa, exe, tmp, "otm", c[0], depth);
                        progress.step();
                        out.println(String.format("%-13s %6d %10.1f %10.1f %10.1f %10.1f %7.3fx %28s", c[1], depth, list.allIn, list.match,
                                fw.allIn, fw.match, fw.allIn / list.allIn, fw.stats));
                    }
                }
            }
            out.println();
            out.println("ablation: the conflict workload (per-key resolution) and the wildcard mix (booking protocol) at depth "
                    + ablationDepth + " on each build (all-in instructions per matched message)");
            StringBuilder head = new StringBuilder(String.format("%-13s %-34s", "case", "build"));
            for (Isa isa : chosen) head.append(String.format(" %16s %16s", isa.name + " all-in", isa.name + " match"));
            // the counters depend on the threads' interleaving: those of the last instruction set's run
            out.println(head.append(String.format(" %28s", "conflicts/fast/slow/in order " + chosen.get(chosen.size() - 1).name)));
            for (String kase : ABLATION_CASES) {
                for (Variant v : variants) {
                    FirmwareBuild built = FirmwareBuild.generate(v.cfg(), tmp);
                    StringBuilder row = new StringBuilder(String.format("%-13s %-34s", caseName(kase), v.name()));
                    String stats = "";
                    for (Isa isa : chosen) {
                        Cost fw = cost(isa, build(built, isa), tmp, "otm", kase, ablationDepth);
                        progress.step();
                        row.append(String.format(" %16.1f %16.1f", fw.allIn, fw.match));
                        stats = fw.stats;
                    }
                    out.println(row.append(String.format(" %28s", stats)));
                }
            }
            out.flush();
            return 0;
        }
    }

    /** A build of the ablation table: the optimizations it leaves out. */
    private record Variant(String name, OtmConfig cfg) {}

    private static Path build(FirmwareBuild firmware, Isa isa) {
        try {
            return firmware.artifact(isa.target, isa.program);
        } catch (IllegalStateException e) {
            throw new UserError("cannot build the benchmark: " + e.getMessage(), e);
        }
    }

    /** Instructions per matched message: all-in and match only, and the firmware's conflict counters. */
    private record Cost(double allIn, double match, String stats) {}

    private Cost cost(Isa isa, Path exe, Path dir, String mode, String kase, int depth) throws IOException {
        boolean fw = mode.equals("otm");
        OtmBenchRun full, setup, matchOnly;
        if (isa == Isa.X86_64) {
            List<String> match = fw
                    ? List.of("otm_block_begin", "otm_match_msg", "otm_match_msg_hashed", "otm_block_end", "otm_wait_bits", "otm_lock_wait")
                    : List.of("ll_arrive*");
            List<String> all = new ArrayList<>(match);
            all.add(fw ? "otm_post_recv" : "ll_post*");
            full = callgrind(exe, dir, mode, kase, depth, messages, all);
            setup = callgrind(exe, dir, mode, kase, depth, 0, all);
            matchOnly = callgrind(exe, dir, mode, kase, depth, messages, match);
        } else {
            Predicate<String> all = fw ? FW_COUNTED : LIST_COUNTED;
            Predicate<String> match = all.and(n -> !n.startsWith(fw ? "otm_post" : "ll_post") && !n.equals("ll_append"));
            full = rv64(exe, dir, mode, kase, depth, messages, all);
            setup = rv64(exe, dir, mode, kase, depth, 0, all);
            matchOnly = rv64(exe, dir, mode, kase, depth, messages, match);
        }
        double n = full.matched();
        return new Cost((full.ir() - setup.ir()) / n, matchOnly.ir() / n, full.stats());
    }

    /**
     * On RISC-V, what is counted is chosen by function (callgrind's toggles count a call and its
     * callees): every function of otm.c that a post, a message or a block's begin and end runs,
     * but the spin loops of the barriers and the remove lock and the calls of setup and report;
     * of the list, its post and arrival.
     */
    private static final Set<String> FW_NOT_COUNTED = Set.of("otm_wait_bits", "otm_lock_wait", "otm_init", "otm_ctx_bytes",
            "otm_get_stats", "otm_longest_chain", "otm_bins_clear");
    private static final Predicate<String> FW_COUNTED = n -> n.startsWith("otm_") && !FW_NOT_COUNTED.contains(n);
    private static final Predicate<String> LIST_COUNTED = n -> n.startsWith("ll_") && !n.equals("ll_init");

    private List<String> args(String mode, String kase, int depth, int msgs) {
        return List.of(mode, kase, String.valueOf(depth), String.valueOf(msgs), String.valueOf(threads));
    }

    private OtmBenchRun rv64(Path exe, Path dir, String mode, String kase, int depth, int msgs, Predicate<String> counted) {
        Rv64InstructionCount.Run r = Rv64InstructionCount.run(exe, dir, counted, args(mode, kase, depth, msgs));
        return OtmBenchRun.of(r.instructions(), r.output(), msgs);
    }

    private OtmBenchRun callgrind(Path exe, Path dir, String mode, String kase, int depth, int msgs, List<String> toggles) throws IOException {
        Path out = dir.resolve("callgrind.out");
        List<String> cmd = new ArrayList<>(List.of("valgrind", "--tool=callgrind", "--callgrind-out-file=" + out));
        for (String t : toggles) cmd.add("--toggle-collect=" + t);
        cmd.add(exe.toString());
        cmd.addAll(args(mode, kase, depth, msgs));
        String log = Exec.of(cmd).in(dir).hint("valgrind").check();
        long ir = -1;
        for (String line : Files.readAllLines(out)) {
            if (line.startsWith("summary:") || line.startsWith("totals:")) ir = Long.parseLong(line.split("\\s+")[1]);
        }
        Files.delete(out);
        return OtmBenchRun.of(ir, log, msgs);
    }
}

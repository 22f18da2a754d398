package tagmatch.bench.firmware;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.function.Predicate;
import tagmatch.otm.OtmConfig;
import tagmatch.process.Exec;
import tagmatch.process.ProgressMeter;
import tagmatch.process.UserError;
import tagmatch.testbench.firmware.FirmwareBuild;

/**
 * Instructions a matched message costs in the generated optimistic matcher against a
 * single-threaded MPICH-style linked list in C (same gcc flags), counted by valgrind callgrind
 * with a constant number of receives kept posted. "All-in" counts the message's
 * {@code otm_match_msg}, its share of {@code otm_block_begin}/{@code otm_block_end} and the post
 * of its receive; "match" leaves the post out. Waiting in the partial barriers and for a bin's
 * remove lock ({@code otm_wait_bits}, {@code otm_lock_wait}) is left out: it is scheduling, not
 * work. The same counts are taken on RISC-V, the DPA's instruction set, by qemu-riscv64
 * ({@link Rv64InstructionCount}) from the same sources built for riscv64-linux. A last table
 * runs the with-conflict workload and the wildcard mix on builds without in-order blocks, and
 * then without the fast path and/or the early booking check.
 */
public final class FirmwareBenchmark {
    /** The firmware measured (its threads are the messages per block), the depths, the matched messages per measurement, the ablation's depth, the instruction sets. */
    public record Settings(OtmConfig firmware, List<Integer> depths, int messages, int ablationDepth, List<InstructionSet> isas) {
        public Settings {
            depths = List.copyOf(depths);
            isas = List.copyOf(isas);
        }
    }

    /** The workloads of otm_bench, with their names in the table. */
    static final String[][] CASES = {
        {"nc", "no conflict"}, {"conflict", "conflict"}, {"wild", "wildcard mix"}};

    /** The ablation's workloads: conflicts resolved per key, and by the booking protocol (wildcard receives stored). */
    private static final String[] ABLATION_CASES = {"conflict", "wild"};

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

    private final Settings settings;
    private final Path work;

    private FirmwareBenchmark(Settings settings, Path work) {
        this.settings = settings;
        this.work = work;
    }

    /** Generates and builds the firmware in {@code work} and counts every case, then the ablation. */
    public static FirmwareBenchReport measure(Settings s, Path work, ProgressMeter.Factory progress) throws IOException {
        return new FirmwareBenchmark(s, work).measure(progress);
    }

    private FirmwareBenchReport measure(ProgressMeter.Factory progress) throws IOException {
        OtmConfig cfg = settings.firmware();
        OtmConfig optimistic = cfg.withInOrderRun(0);
        List<Variant> variants = List.of(new Variant("default (all on)", cfg),
                new Variant("in order off", optimistic),
                new Variant("in order off, early booking off", optimistic.withOptimizations(true, false)),
                new Variant("in order off, fast path off", optimistic.withOptimizations(false, true)),
                new Variant("in order, fast path, early bk off", optimistic.withOptimizations(false, false)));
        List<InstructionSet> isas = settings.isas();
        long steps = (long) isas.size() * (CASES.length * settings.depths().size() * 2L + ABLATION_CASES.length * variants.size());
        List<FirmwareBenchReport.CaseRow> cases = new ArrayList<>();
        List<FirmwareBenchReport.AblationRow> ablation = new ArrayList<>();
        try (ProgressMeter p = progress.start("bench firmware", steps, "measurements")) {
            FirmwareBuild main = FirmwareBuild.generate(cfg, work);  // generated once, built for every instruction set
            for (InstructionSet isa : isas) {
                Path exe = build(main, isa);
                for (String[] c : CASES) {
                    for (int depth : settings.depths()) {
                        FirmwareBenchReport.Cost list = cost(isa, exe, "list", c[0], depth);
                        p.step();
                        FirmwareBenchReport.Cost fw = cost(isa, exe, "otm", c[0], depth);
                        p.step();
                        cases.add(new FirmwareBenchReport.CaseRow(isa, c[1], depth, list, fw));
                    }
                }
            }
            for (String kase : ABLATION_CASES) {
                for (Variant v : variants) {
                    FirmwareBuild built = FirmwareBuild.generate(v.cfg(), work);
                    List<FirmwareBenchReport.Cost> costs = new ArrayList<>();
                    for (InstructionSet isa : isas) {
                        costs.add(cost(isa, build(built, isa), "otm", kase, settings.ablationDepth()));
                        p.step();
                    }
                    ablation.add(new FirmwareBenchReport.AblationRow(caseName(kase), v.name(), costs));
                }
            }
        }
        return new FirmwareBenchReport(settings, cases, ablation);
    }

    private static String caseName(String kase) {
        for (String[] c : CASES) if (c[0].equals(kase)) return c[1];
        throw new IllegalArgumentException(kase);
    }

    /** A build of the ablation table: the optimizations it leaves out. */
    private record Variant(String name, OtmConfig cfg) {}

    private static Path build(FirmwareBuild firmware, InstructionSet isa) {
        try {
            return firmware.artifact(isa.target, isa.program);
        } catch (IllegalStateException e) {
            throw new UserError("cannot build the benchmark: " + e.getMessage(), e);
        }
    }

    /** Instructions per matched message: all-in and match only, and the firmware's conflict counters. */
    private FirmwareBenchReport.Cost cost(InstructionSet isa, Path exe, String mode, String kase, int depth) throws IOException {
        boolean fw = mode.equals("otm");
        int messages = settings.messages();
        OtmBenchRun full, setup, matchOnly;
        if (isa == InstructionSet.X86_64) {
            List<String> match = fw
                    ? List.of("otm_block_begin", "otm_match_msg", "otm_match_msg_hashed", "otm_block_end", "otm_wait_bits", "otm_lock_wait")
                    : List.of("ll_arrive*");
            List<String> all = new ArrayList<>(match);
            all.add(fw ? "otm_post_recv" : "ll_post*");
            full = callgrind(exe, mode, kase, depth, messages, all);
            setup = callgrind(exe, mode, kase, depth, 0, all);
            matchOnly = callgrind(exe, mode, kase, depth, messages, match);
        } else {
            Predicate<String> all = fw ? FW_COUNTED : LIST_COUNTED;
            Predicate<String> match = all.and(n -> !n.startsWith(fw ? "otm_post" : "ll_post") && !n.equals("ll_append"));
            full = rv64(exe, mode, kase, depth, messages, all);
            setup = rv64(exe, mode, kase, depth, 0, all);
            matchOnly = rv64(exe, mode, kase, depth, messages, match);
        }
        double n = full.matched();
        return new FirmwareBenchReport.Cost((full.ir() - setup.ir()) / n, matchOnly.ir() / n, full.stats());
    }

    private List<String> args(String mode, String kase, int depth, int msgs) {
        return List.of(mode, kase, String.valueOf(depth), String.valueOf(msgs), String.valueOf(settings.firmware().threads()));
    }

    private OtmBenchRun rv64(Path exe, String mode, String kase, int depth, int msgs, Predicate<String> counted) {
        Rv64InstructionCount.Run r = Rv64InstructionCount.run(exe, work, counted, args(mode, kase, depth, msgs));
        return OtmBenchRun.of(r.instructions(), r.output(), msgs);
    }

    private OtmBenchRun callgrind(Path exe, String mode, String kase, int depth, int msgs, List<String> toggles) throws IOException {
        Path out = work.resolve("callgrind.out");
        List<String> cmd = new ArrayList<>(List.of("valgrind", "--tool=callgrind", "--callgrind-out-file=" + out));
        for (String t : toggles) cmd.add("--toggle-collect=" + t);
        cmd.add(exe.toString());
        cmd.addAll(args(mode, kase, depth, msgs));
        String log = Exec.of(cmd).in(work).hint("valgrind").check();
        long ir = -1;
        for (String line : Files.readAllLines(out)) {
            if (line.startsWith("summary:") || line.startsWith("totals:")) ir = Long.parseLong(line.split("\\s+")[1]);
        }
        Files.delete(out);
        return OtmBenchRun.of(ir, log, msgs);
    }
}

package tagmatch.bench.sim;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.function.ToDoubleFunction;
import tagmatch.bench.Median;

/**
 * What {@link SimBenchmark} measured: every round's run of each path (the first of a round is
 * the C++ harness, the baseline of that round's ratios), the Verilator build times and the
 * compiled backend's time from circuit to first cycle, for the benchmark design and for a
 * 256x8 PRQ ALPU, and the machine's load while it ran.
 */
public record SimBenchReport(int inputs, long verilogLines, List<List<Rate>> rounds, int cycles, int verilatorJobs,
                             double coldSeconds, double coldDesignSeconds, double cachedSeconds,
                             double compileToFirstCycleSeconds, int classBytes, double alpuFirstCycleMillis, int alpuClassBytes,
                             Load load) {
    /** The ratio JNA batched must reach against the harness, and the compiled backend against JNA batched. */
    public static final double JNA_GOAL = 0.9, COMPILED_GOAL = 1.0;

    /** One path's run: cycles, wall and CPU seconds, and the checksum of every output it captured. */
    public record Rate(String path, long cycles, double seconds, double cpuSeconds, long checksum) {
        public double perSecond() {
            return cycles / seconds;
        }

        public double perCpuSecond() {
            return cycles / cpuSeconds;
        }
    }

    /** The one-minute load average before and after the bench (negative where the OS gives none), and the cores. */
    public record Load(double before, double after, int cores) {
        String text() {
            return before < 0 ? "load average not available" : String.format(Locale.ROOT,
                    "load average (1 min) %.2f before, %.2f after, on %d cores", before, after, cores);
        }
    }

    /** A ratio's median and spread (min..max) over the rounds, and how many rounds reached a goal. */
    public record Spread(double median, double min, double max, double[] values) {
        static Spread of(double[] xs) {
            return new Spread(Median.of(xs), Arrays.stream(xs).min().orElse(0), Arrays.stream(xs).max().orElse(0), xs.clone());
        }

        /** Rounds whose ratio is at least {@code goal}: a verdict holds across runs when this is none or all of them. */
        long atLeast(double goal) {
            return Arrays.stream(values).filter(x -> x >= goal).count();
        }

        String text() {
            return String.format(Locale.ROOT, "%.3f (%.3f..%.3f)", median, min, max);
        }
    }

    public SimBenchReport {
        rounds = rounds.stream().map(List::copyOf).toList();
    }

    /** Path {@code p}'s rate over path {@code base}'s, round by round, by {@code speed} (wall or CPU). */
    public Spread ratio(int p, int base, ToDoubleFunction<Rate> speed) {
        return Spread.of(rounds.stream().mapToDouble(r -> speed.applyAsDouble(r.get(p)) / speed.applyAsDouble(r.get(base))).toArray());
    }

    /**
     * A goal judged on the median in wall and in CPU time, each with the runs that reached it: on
     * a loaded machine the wall ratio scatters with the scheduler, the CPU ratio much less.
     */
    private String goal(String path, double goal, String base, int p, int b) {
        Spread wall = ratio(p, b, Rate::perSecond), cpu = ratio(p, b, Rate::perCpuSecond);
        return String.format(Locale.ROOT, "Goal: %s >= %.1f of %s (median): wall %s at %s, %d of %d runs at or above; "
                + "CPU %s at %s, %d of %d%n", path, goal, base, verdict(wall, goal), wall.text(), wall.atLeast(goal), rounds.size(),
                verdict(cpu, goal), cpu.text(), cpu.atLeast(goal), rounds.size());
    }

    private static String verdict(Spread s, double goal) {
        return s.median() >= goal ? "MET" : "MISSED";
    }

    /** The report as {@code tagmatch bench sim} prints it. */
    public String text() {
        StringBuilder s = new StringBuilder();
        s.append(String.format(Locale.ROOT, "design: %d-input priority tree (radix 4, 16-bit tags in registers) behind a 4-deep FIFO; "
                + "%d Verilog lines%n", inputs, verilogLines));
        s.append(String.format(Locale.ROOT, "%d runs of every path, in turn (A B C A B C); each ratio is to the same round's C++ harness, "
                + "printed as median (min..max over the runs)%n", rounds.size()));
        s.append(String.format(Locale.ROOT, "CPU: the harness process's clock(), the JVM paths' thread CPU time; %s%n", load.text()));
        s.append(String.format(Locale.ROOT, "%n%-36s %10s %14s %24s %24s%n", "path", "cycles", "cycles/s", "vs C++, wall", "vs C++, CPU"));
        List<Rate> first = rounds.get(0);
        for (int p = 0; p < first.size(); p++) {
            int path = p;
            double median = Median.of(rounds.stream().mapToDouble(r -> r.get(path).perSecond()).toArray());
            s.append(String.format(Locale.ROOT, "%-36s %10d %14.0f %24s %24s%n", first.get(p).path(), first.get(p).cycles(), median,
                    ratio(p, 0, Rate::perSecond).text(), ratio(p, 0, Rate::perCpuSecond).text()));
        }
        s.append(String.format(Locale.ROOT, "all paths agree in every round: output checksum %016x over %d cycles%n", first.get(0).checksum(), cycles));
        s.append(String.format(Locale.ROOT, "%nVerilator build (jobs=%d): cold, empty cache %.1f s; cold design, runtime cached %.1f s; "
                + "cached %.1f ms%n", verilatorJobs, coldSeconds, coldDesignSeconds, cachedSeconds * 1e3));
        s.append(String.format(Locale.ROOT, "compiled to JVM bytecode: circuit to first cycle %.0f ms (class of %d bytes)%n",
                compileToFirstCycleSeconds * 1e3, classBytes));
        s.append(String.format(Locale.ROOT, "compiled to JVM bytecode, 256x8 PRQ ALPU: circuit to first cycle %.0f ms (class of %d bytes)%n",
                alpuFirstCycleMillis, alpuClassBytes));
        s.append(goal("JNA batched", JNA_GOAL, "the C++ harness", 2, 0));
        s.append(goal("compiled", COMPILED_GOAL, "JNA batched", 4, 2));
        return s.toString();
    }
}

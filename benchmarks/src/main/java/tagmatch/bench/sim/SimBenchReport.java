package tagmatch.bench.sim;

import java.util.List;

/**
 * What {@link SimBenchmark} measured: cycles per second of each path (the first is the C++
 * harness, the baseline of the ratios), the Verilator build times and the compiled backend's
 * time from circuit to first cycle, for the benchmark design and for a 256x8 PRQ ALPU.
 */
public record SimBenchReport(int inputs, long verilogLines, List<Rate> rates, int cycles, int verilatorJobs,
                             double coldSeconds, double coldDesignSeconds, double cachedSeconds,
                             double compileToFirstCycleSeconds, int classBytes, double alpuFirstCycleMillis, int alpuClassBytes) {
    /** One path's best run: cycles, seconds and the checksum of every output it captured. */
    public record Rate(String path, long cycles, double seconds, long checksum) {
        public double perSecond() {
            return cycles / seconds;
        }
    }

    public SimBenchReport {
        rates = List.copyOf(rates);
    }

    /** The report as {@code tagmatch bench sim} prints it. */
    public String text() {
        StringBuilder s = new StringBuilder();
        s.append(String.format("design: %d-input priority tree (radix 4, 16-bit tags in registers) behind a 4-deep FIFO; "
                + "%d Verilog lines%n", inputs, verilogLines));
        double base = rates.get(0).perSecond();
        s.append(String.format("%n%-32s %10s %14s %10s%n", "path", "cycles", "cycles/s", "vs C++"));
        for (Rate r : rates) {
            s.append(String.format("%-32s %10d %14.0f %10.3f%n", r.path(), r.cycles(), r.perSecond(), r.perSecond() / base));
        }
        s.append(String.format("all paths agree: output checksum %016x over %d cycles%n", rates.get(0).checksum(), cycles));
        s.append(String.format("%nVerilator build (jobs=%d): cold, empty cache %.1f s; cold design, runtime cached %.1f s; "
                + "cached %.1f ms%n", verilatorJobs, coldSeconds, coldDesignSeconds, cachedSeconds * 1e3));
        s.append(String.format("compiled to JVM bytecode: circuit to first cycle %.0f ms (class of %d bytes)%n",
                compileToFirstCycleSeconds * 1e3, classBytes));
        s.append(String.format("compiled to JVM bytecode, 256x8 PRQ ALPU: circuit to first cycle %.0f ms (class of %d bytes)%n",
                alpuFirstCycleMillis, alpuClassBytes));
        s.append(String.format("compiled vs JNA batched: %.2fx%n", rates.get(4).perSecond() / rates.get(2).perSecond()));
        s.append("Goals: JNA batched >= 0.5 of the C++ harness; compiled >= 0.5 of JNA batched.\n");
        return s.toString();
    }
}

package tagmatch.bench.hdl;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.IntFunction;
import tagmatch.hdl.backend.VerilogEmitter;
import tagmatch.hdl.core.Elaborator;
import tagmatch.hdl.core.Module;
import tagmatch.hdl.core.UInt;
import tagmatch.hdl.ir.Circuit;
import tagmatch.hdl.lib.PriorityTree;

/**
 * Elaboration and Verilog emission time of growing synthetic designs in this JVM, whose
 * baseline is the smallest size of each design measured in the same run (for a 4x larger design
 * a linear cost shows a ratio near 4).
 */
public final class ElaborationBenchmark {
    /** Entries per design, and the timed repetitions of each point (the median is reported). */
    public record Settings(List<Integer> sizes, int repeat) {
        public Settings {
            sizes = List.copyOf(sizes);
        }
    }

    private record Design(String name, IntFunction<Module> make) {}

    private static final List<Design> DESIGNS = List.of(
            new Design("priority-tree w16", n -> new PriorityTree<>(n, new UInt(16), 2)),
            new Design("register-file w16", n -> new RegisterFile(n, 16)));

    private ElaborationBenchmark() {}

    public static ElaborationReport measure(Settings s) {
        // Warm the JIT on the whole sweep first, so that the smallest size is not measured cold.
        for (int round = 0; round < 2; round++)
            for (Design d : DESIGNS) for (int n : s.sizes()) VerilogEmitter.emit(Elaborator.elaborate(() -> d.make().apply(n)));
        List<ElaborationReport.Row> rows = new ArrayList<>();
        for (Design d : DESIGNS) {
            for (int n : s.sizes()) {
                double[] elab = new double[s.repeat()], emit = new double[s.repeat()];
                int lines = 0;
                for (int r = 0; r < s.repeat(); r++) {
                    long t0 = System.nanoTime();
                    Circuit c = Elaborator.elaborate(() -> d.make().apply(n));
                    long t1 = System.nanoTime();
                    String v = VerilogEmitter.emit(c);
                    long t2 = System.nanoTime();
                    elab[r] = (t1 - t0) / 1e6;
                    emit[r] = (t2 - t1) / 1e6;
                    lines = (int) v.lines().count();
                }
                rows.add(new ElaborationReport.Row(d.name(), n, upperMedian(elab), upperMedian(emit), lines));
            }
        }
        return new ElaborationReport(rows);
    }

    private static double upperMedian(double[] xs) {
        double[] s = xs.clone();
        Arrays.sort(s);
        return s[s.length / 2];
    }
}

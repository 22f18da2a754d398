package tagmatch.tools.bench;

import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import tagmatch.hdl.core.UInt;
import tagmatch.hdl.backend.VerilogEmitter;
import tagmatch.hdl.core.Elaborator;
import tagmatch.hdl.core.Module;
import tagmatch.hdl.ir.Circuit;
import tagmatch.hdl.lib.PriorityTree;

import java.util.Arrays;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.function.IntFunction;

/**
 * {@code tagmatch bench hdl}: elaboration + Verilog emission time of growing synthetic designs.
 * The baseline is the smallest size of each design measured in the same run; for a 4x larger
 * design a linear cost shows a ratio near 4.
 */
@Command(name = "hdl", mixinStandardHelpOptions = true,
        description = "Time elaboration and emission of growing designs; print growth ratios between sizes.")
public final class HdlBench implements Callable<Integer> {
    @Option(names = "--sizes", split = ",", description = "entries per design (default: ${DEFAULT-VALUE})")
    int[] sizes = {256, 1024, 4096};

    @Option(names = "--repeat", description = "timed repetitions per point, median reported (default: ${DEFAULT-VALUE})")
    int repeat = 5;

    private record Design(String name, IntFunction<Module> make) {}

    @Override
    public Integer call() {
        tagmatch.tools.Check.atLeast("--repeat", repeat, 1);
        if (sizes.length == 0) throw new tagmatch.tools.UsageError("--sizes must name at least one size");
        for (int n : sizes) tagmatch.tools.Check.range("--sizes", n, 2, 65536);
        List<Design> designs = List.of(
                new Design("priority-tree w16", n -> new PriorityTree<>(n, new UInt(16), 2)),
                new Design("register-file w16", n -> new RegisterFile(n, 16)));
        // Warm the JIT on the whole sweep first, so that the smallest size is not measured cold.
        for (int round = 0; round < 2; round++)
            for (Design d : designs) for (int n : sizes) run(d, n);
        System.out.printf("%-18s %7s %12s %10s %10s %12s %10s%n", "design", "entries", "elaborate ms", "emit ms", "total ms", "vs previous", "lines");
        for (Design d : designs) {
            double previous = -1;
            int previousSize = 0;
            for (int n : sizes) {
                double[] elab = new double[repeat], emit = new double[repeat];
                int lines = 0;
                for (int r = 0; r < repeat; r++) {
                    long t0 = System.nanoTime();
                    Circuit c = Elaborator.elaborate(() -> d.make().apply(n));
                    long t1 = System.nanoTime();
                    String v = VerilogEmitter.emit(c);
                    long t2 = System.nanoTime();
                    elab[r] = (t1 - t0) / 1e6;
                    emit[r] = (t2 - t1) / 1e6;
                    lines = (int) v.lines().count();
                }
                double e1 = median(elab), e2 = median(emit), total = e1 + e2;
                String ratio = previous < 0 ? "baseline" : String.format("%.2fx/%dx", total / previous, n / previousSize);
                System.out.printf("%-18s %7d %12.1f %10.1f %10.1f %12s %10d%n", d.name(), n, e1, e2, total, ratio, lines);
                previous = total;
                previousSize = n;
            }
        }
        System.out.println("A linear cost shows 'vs previous' close to the size ratio (e.g. 4.00x/4x).");
        return 0;
    }

    private static void run(Design d, int n) {
        VerilogEmitter.emit(Elaborator.elaborate(() -> d.make().apply(n)));
    }

    private static double median(double[] xs) {
        double[] s = xs.clone();
        Arrays.sort(s);
        return s[s.length / 2];
    }
}

package tagmatch.eda.sweep;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import tagmatch.process.ProgressMeter;
import tagmatch.process.UsageError;
import tagmatch.process.UserError;

/**
 * {@code tagmatch synth --table}: which spec makes the table (by default seed 001's Tables IV
 * and V, {@link SweepSpecs#TABLE_IV_V}), which results directory holds it (by default the spec's
 * name, with {@code -FAMILY} when another family makes it another sweep), then the
 * {@link TableSweep} run there.
 *
 * @param spec        a spec file, null for {@link SweepSpecs#TABLE_IV_V}
 * @param out         the results directory, null for the spec's name
 * @param family      a {@code synth_xilinx} family to use instead of the spec's, null for the spec's
 * @param only        the table names of the designs to run, empty for all
 * @param jobs        yosys runs asked for at once; fewer run when the cores or the memory allow fewer
 * @param retryFailed synthesize again the designs that failed
 */
public record TableSweepRun(Path spec, Path out, String family, List<String> only, int jobs, boolean retryFailed) {
    public TableSweepRun {
        only = List.copyOf(only);
    }

    /**
     * Reads the spec with {@code reader}, checks everything before the first task runs, runs what
     * the directory does not hold yet and prints the table; true when every design synthesized.
     */
    public boolean run(SweepSpecs.Reader reader, PrintWriter o, ProgressMeter.Factory progress) throws IOException {
        Sweep sweep;
        String source;
        if (spec == null) {
            source = SweepSpecs.source(SweepSpecs.TABLE_IV_V);
            sweep = reader.read(SweepSpecs.lines(SweepSpecs.TABLE_IV_V), source);
        } else {
            if (!Files.isRegularFile(spec)) throw new UsageError("--spec must be a sweep spec file, got " + spec);
            source = spec.toString();
            sweep = reader.read(Files.readAllLines(spec), source);
        }
        Path dir = out != null ? out : Path.of(Path.of(source).getFileName().toString().replaceFirst("\\.sweep$", ""));
        if (family != null && !family.equals(sweep.family())) {
            sweep = sweep.withFamily(family);
            if (out == null) dir = Path.of(dir + "-" + family);
        }
        TableSweep t = TableSweep.of(sweep, source, only);
        int workers = LocalRunner.workers(jobs, LocalRunner.DEFAULT_MEM_PER_WORKER_MB);
        try {
            return t.run(ResultStore.open(dir), retryFailed, workers, o, progress);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new UserError("synth --table was interrupted; run it again to resume from " + dir, e);
        }
    }
}

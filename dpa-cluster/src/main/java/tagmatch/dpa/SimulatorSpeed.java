package tagmatch.dpa;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;

/**
 * How fast a cluster simulates with every hart busy: {@code spin.c} (integer arithmetic, loads
 * and stores, the same loop on every hart) run once on all harts, its retired instructions and
 * cycles per second of wall time. A program whose harts wait in {@code wrs.nto} or are parked
 * retires fewer instructions a cycle, so its instructions per second say less about the
 * simulator.
 */
public final class SimulatorSpeed {
    /** Iterations of spin.c's loop per hart: about 0.9 M cycles on the default cluster. */
    static final int ITERATIONS = 5000;

    /** One run: instructions retired (all harts), cycles, and the wall time of the simulation. */
    public record Speed(long retired, long cycles, double seconds) {
        public double instructionsPerSecond() {
            return retired / seconds;
        }

        public double cyclesPerSecond() {
            return cycles / seconds;
        }
    }

    private SimulatorSpeed() {}

    /** Compiles spin.c for {@code dpa}'s harts in {@code work} and runs it once. */
    public static Speed measure(DpaRun dpa, Path work) {
        Path src = work.resolve("spin.c");
        try (InputStream in = SimulatorSpeed.class.getResourceAsStream("spin.c")) {
            if (in == null) throw new IllegalStateException("resource tagmatch/dpa/spin.c is missing");
            Files.copy(in, src, StandardCopyOption.REPLACE_EXISTING);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        int harts = dpa.config().harts();
        Path elf = BareMetal.compile(List.of(src), work.resolve("spin.elf"), List.of("-O2", "-DHARTS=" + harts, "-DN=" + ITERATIONS));
        ElfImage image = ElfImage.read(elf, dpa.config().ramBytes());
        long t0 = System.nanoTime();
        DpaResult r = dpa.run(image, DpaRun.Options.defaults());
        double secs = (System.nanoTime() - t0) * 1e-9;
        if (r.outcome() != DpaResult.Outcome.EXIT || r.exitCode() != 0)
            throw new IllegalStateException("spin.c did not exit 0: " + r.outcome() + (r.error() != null ? " " + r.error().describe() : ""));
        return new Speed(r.totalRetired(), r.cycles(), secs);
    }
}

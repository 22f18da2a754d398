package tagmatch.tools.bench;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.Locale;
import tagmatch.dpa.DpaConfig;
import tagmatch.dpa.DpaRun;
import tagmatch.dpa.SimulatorChoice;
import tagmatch.dpa.SimulatorSpeed;
import tagmatch.dpa.mem.MemorySetting;
import tagmatch.otm.OtmConfig;
import tagmatch.dpasystem.HandlerImage;
import tagmatch.dpasystem.PingPong;

/**
 * The simulator's speed lines of {@code tagmatch bench dpa}: spin.c with every hart busy on the
 * bench's cluster (caches on, likely memory), then on a BlueField-3-sized cluster (16 cores x 16
 * hardware threads, the bench's banks and RAM), and the generated handler there (seed 000's
 * ping-pong at N = 32, checked against the reference): retired instructions and cycles per second
 * of wall time.
 */
final class SpeedLines {
    static final int LARGE_CORES = 16, LARGE_THREADS = 16;

    private SpeedLines() {}

    static void print(DpaRun dpa, SimulatorChoice sim, int bins, Path work, PrintWriter out) {
        DpaConfig cfg = dpa.config();
        out.println("simulator: " + dpa.backend());
        line(out, "spin.c on " + shape(cfg) + ", caches on (likely)", SimulatorSpeed.measure(dpa, work));
        DpaConfig large = new DpaConfig(LARGE_CORES, LARGE_THREADS, cfg.banks(), cfg.ramMib(), cfg.caches());
        long t0 = System.nanoTime();
        try (DpaRun big = DpaRun.build(large, sim)) {
            out.printf(Locale.ROOT, "simulator, %s: elaborated and built (or found in the cache) in %.0f s%n", shape(large),
                    (System.nanoTime() - t0) * 1e-9);
            out.flush();
            line(out, "spin.c on " + shape(large) + ", caches on (likely)", SimulatorSpeed.measure(big, work));
            OtmConfig c = OtmConfig.defaults().withBins(bins).withInOrderRun(0);
            HandlerImage image = HandlerImage.build(c, HandlerImage.Matcher.OTM, work);
            PingPong pp = new PingPong(false, 32, 2);
            PingPong.Result r = pp.run(big, image, MemorySetting.LIKELY, work);
            out.printf(Locale.ROOT, "simulator, the handler on %s (N = %d, ping-pong of %d x %d messages, every entry checked): %.2f M retired "
                    + "instructions per second, %.2f M cycles per second (most harts parked, the handler's asleep in wrs.nto); %.0f cycles per "
                    + "message%n", shape(large), c.threads(), pp.sequences(), pp.k(), r.retired() / r.simSeconds() / 1e6,
                    r.simCycles() / r.simSeconds() / 1e6, r.cyclesPerMessage());
            out.flush();
        }
    }

    private static String shape(DpaConfig c) {
        return c.cores() + " x " + c.threads() + " (" + c.harts() + " harts)";
    }

    private static void line(PrintWriter out, String what, SimulatorSpeed.Speed s) {
        out.printf(Locale.ROOT, "simulator, %s: %.2f M retired instructions per second, %.2f M cycles per second%n", what,
                s.instructionsPerSecond() / 1e6, s.cyclesPerSecond() / 1e6);
        out.flush();
    }
}

package tagmatch.testbench.firmware;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import tagmatch.otm.OtmConfig;
import tagmatch.otm.OtmFootprint;
import tagmatch.process.ToolException;
import tagmatch.process.UserError;

/**
 * The firmware's context size measured, not only computed: {@code otm_ctx_bytes()} of the
 * configuration built with gcc, checked against {@link OtmFootprint}'s breakdown and compared
 * like for like with the seed's. The text of {@code tagmatch firmware --report}.
 */
public final class FootprintReport {
    private FootprintReport() {}

    /** Builds {@code cfg} in {@code work} (an empty directory the caller owns) and describes its context. */
    public static String of(OtmConfig cfg, Path work) {
        long bytes;
        try {
            FirmwareBuild b = FirmwareBuild.generate(cfg, work);
            bytes = OtmLibrary.load(b.artifact("lib", "libotm.so")).ctxBytes();
        } catch (IllegalStateException | ToolException e) {
            throw new UserError("cannot build the firmware to measure it: " + e.getMessage(), e);
        }
        OtmFootprint f = OtmFootprint.of(cfg);
        if (f.total() != bytes) {
            throw new IllegalStateException("breakdown " + f.total() + " B disagrees with otm_ctx_bytes() = " + bytes);
        }
        long seed = OtmFootprint.SEED_128_BINS_8K_RECVS;
        StringWriter s = new StringWriter();
        PrintWriter w = new PrintWriter(s);
        w.printf("otm_ctx_bytes() = %d B (%.1f KiB) for %s%n", bytes, bytes / 1024.0, cfg.key());
        w.printf("  receive index bins        %10d B%n", f.receiveBins());
        w.printf("  receive descriptors       %10d B  (%d x %d B, the free list inside)%n", f.descriptors(), cfg.maxRecvs(), f.descriptors() / cfg.maxRecvs());
        w.printf("  unexpected storage        %10d B  (%d messages, their index bins, free list)%n",
                f.unexpected(), cfg.maxUnexpected());
        w.printf("  rest (sync, threads, counters, padding) %d B%n", f.rest());
        w.printf("like for like with the seed (bins + descriptors): %d B = %.1f KiB; seed's 128 bins / 8 K receives: "
                + "%d B = %.1f KiB (3 x 128 x 20 B + 8192 x 64 B)%s%n", f.seedComparable(), f.seedComparable() / 1024.0,
                seed, seed / 1024.0, cfg.bins() == 128 && cfg.maxRecvs() == 8192
                        ? String.format(", ratio %.3f", f.seedComparable() / (double) seed) : " (run with --bins 128 --max-recvs 8192 to compare)");
        w.printf("total with unexpected storage and the rest: %.1f KiB%n", bytes / 1024.0);
        w.flush();
        return s.toString();
    }
}

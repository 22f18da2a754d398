package tagmatch.model.offload;

/**
 * The engine's parameters. Where they come from ({@code docs/papers.md}, seed 003):
 * <ul>
 * <li>{@code hwEntries}: receives the hardware list holds; a guess (the paper names none), swept.
 * <li>{@code rndvThreshold}: bytes from which a receive is rendezvous and may be offloaded; 16 KiB
 *     is a guess close to MVAPICH2's eager limit, swept.
 * <li>{@code alphaNsPerByte}, {@code betaNs}: §5.1's LogGP terms of K = Σ (α·size + β) over the
 *     outstanding rendezvous receives; α = 0.08 ns/byte is the 100 Gb/s link of the paper's
 *     clusters, β = 1000 ns a guess, both swept.
 * <li>{@code cancelPeriod}, {@code cancelCutoff}: §5.1's cut-off: once more than {@code cancelCutoff}
 *     of the receives offloaded in a period of {@code cancelPeriod} posts were cancelled (after
 *     at least {@link #CUTOFF_MIN_OFFLOADS}), nothing more is offloaded until the period ends.
 *     The paper gives neither value: 64 posts and 0.5 are guesses.
 * </ul>
 */
public record OffloadSettings(int hwEntries, long rndvThreshold, double alphaNsPerByte, double betaNs, int cancelPeriod,
                              double cancelCutoff) {
    /** Offloads a period must have seen before its cancel rate can stop offloading. */
    public static final int CUTOFF_MIN_OFFLOADS = 4;

    public OffloadSettings {
        if (hwEntries < 0) throw new IllegalArgumentException("hw-entries must be >= 0, got " + hwEntries);
        if (rndvThreshold < 0) throw new IllegalArgumentException("rndv-threshold must be >= 0, got " + rndvThreshold);
        if (!(alphaNsPerByte >= 0) || Double.isInfinite(alphaNsPerByte)) {
            throw new IllegalArgumentException("alpha must be a finite number >= 0 (ns per byte), got " + alphaNsPerByte);
        }
        if (!(betaNs >= 0) || Double.isInfinite(betaNs)) throw new IllegalArgumentException("beta must be a finite number >= 0 (ns), got " + betaNs);
        if (cancelPeriod < 1) throw new IllegalArgumentException("cancel-period must be >= 1, got " + cancelPeriod);
        if (!(cancelCutoff >= 0 && cancelCutoff <= 1)) throw new IllegalArgumentException("cancel-cutoff must be in [0, 1], got " + cancelCutoff);
    }

    public static OffloadSettings defaults() {
        return new OffloadSettings(64, 16 * 1024, 0.08, 1000, 64, 0.5);
    }

    public OffloadSettings withHwEntries(int e) {
        return new OffloadSettings(e, rndvThreshold, alphaNsPerByte, betaNs, cancelPeriod, cancelCutoff);
    }

    public OffloadSettings withRndvThreshold(long bytes) {
        return new OffloadSettings(hwEntries, bytes, alphaNsPerByte, betaNs, cancelPeriod, cancelCutoff);
    }

    public OffloadSettings withLogGp(double alpha, double beta) {
        return new OffloadSettings(hwEntries, rndvThreshold, alpha, beta, cancelPeriod, cancelCutoff);
    }

    public OffloadSettings withCancelCutoff(int period, double cutoff) {
        return new OffloadSettings(hwEntries, rndvThreshold, alphaNsPerByte, betaNs, period, cutoff);
    }

    /** §5.1's cost of one outstanding rendezvous receive of {@code bytes}: α·bytes + β, in ns. */
    public double rendezvousCostNs(long bytes) {
        return alphaNsPerByte * Math.max(0, bytes) + betaNs;
    }
}

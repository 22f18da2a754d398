package tagmatch.alpu.model;

/**
 * Timing of {@link CycleAlpu}: cycles per match (request taken from its FIFO to response in the
 * response FIFO), cycles per command, how many steps of one stream may run while the other waits,
 * and how often a free engine prefers the command FIFO when both have work. The last two let a
 * bench exercise the interleaving freedom R1 gives an implementation.
 */
public record CycleTiming(int matchCycles, int commandCycles, int maxRun, double commandBias) {
    public CycleTiming {
        if (matchCycles < 1) throw new IllegalArgumentException("matchCycles must be >= 1, got " + matchCycles);
        if (commandCycles < 1) throw new IllegalArgumentException("commandCycles must be >= 1, got " + commandCycles);
        if (maxRun < 1) throw new IllegalArgumentException("maxRun must be >= 1, got " + maxRun);
        if (!(commandBias >= 0 && commandBias <= 1)) {
            throw new IllegalArgumentException("commandBias must be in 0..1, got " + commandBias);
        }
    }

    /** The seed's prototype: 7 cycles per match without overlap, one insert every other cycle. */
    public static final CycleTiming SEED = new CycleTiming(7, 2, 2, 0.5);

    /** Fastest legal timing: one step per cycle. */
    public static final CycleTiming FAST = new CycleTiming(1, 1, 2, 0.5);
}

package tagmatch.model.workload;

import tagmatch.model.Hints;

/**
 * Parameters of a generated workload. Not every kind uses every field (see {@link Workloads}).
 *
 * @param kind        one of {@link Workloads#kinds()}
 * @param size        messages per round (the queue depth of shuffle and burst, k of NC/WC), >= 1
 * @param rounds      rounds (iterations) of the pattern, >= 1
 * @param peers       sending ranks (senders of many-to-one, all-to-all and random), >= 1
 * @param blockSize   N: arrivals per block, a block end follows every N arrivals and precedes every post, 1..64
 * @param wildcardMix fraction of receives using a wildcard (random kind), 0..1
 * @param comms       communicators used, 0..comms-1, >= 1
 * @param hints       wildcards the workload must not contain
 * @param seed        the random seed: same spec, same events
 */
public record WorkloadSpec(String kind, int size, int rounds, int peers, int blockSize,
                           double wildcardMix, int comms, Hints hints, long seed) {
    /** The largest block: the optimistic matcher's booking bitmap is one 64-bit word. */
    public static final int MAX_BLOCK = 64;

    public WorkloadSpec {
        if (kind == null || !Workloads.kinds().contains(kind)) {
            throw new IllegalArgumentException("workload kind = '" + kind + "' is unknown: legal kinds are "
                    + String.join(", ", Workloads.kinds()));
        }
        if (size < 1 || size > 10_000_000) {
            throw new IllegalArgumentException("size = " + size + " is illegal: must be 1..10000000");
        }
        if (rounds < 1 || rounds > 1_000_000) {
            throw new IllegalArgumentException("rounds = " + rounds + " is illegal: must be 1..1000000");
        }
        if (peers < 1 || peers > 1 << 20) {
            throw new IllegalArgumentException("peers = " + peers + " is illegal: must be 1..1048576");
        }
        if (blockSize < 1 || blockSize > MAX_BLOCK) {
            throw new IllegalArgumentException("blockSize = " + blockSize + " is illegal: must be 1.." + MAX_BLOCK);
        }
        if (!(wildcardMix >= 0.0 && wildcardMix <= 1.0)) {
            throw new IllegalArgumentException("wildcardMix = " + wildcardMix + " is illegal: must be 0..1");
        }
        if (comms < 1 || comms > 65536) {
            throw new IllegalArgumentException("comms = " + comms + " is illegal: must be 1..65536");
        }
        if (hints == null) throw new IllegalArgumentException("hints must not be null");
    }

    /** Defaults for {@code kind}: size 64, 4 rounds, 8 peers, N = 4, 20% wildcards, 1 comm, no hints, seed 1. */
    public static WorkloadSpec of(String kind) {
        return new WorkloadSpec(kind, 64, 4, 8, 4, 0.2, 1, Hints.NONE, 1L);
    }

    public WorkloadSpec withKind(String v) { return new WorkloadSpec(v, size, rounds, peers, blockSize, wildcardMix, comms, hints, seed); }
    public WorkloadSpec withSize(int v) { return new WorkloadSpec(kind, v, rounds, peers, blockSize, wildcardMix, comms, hints, seed); }
    public WorkloadSpec withRounds(int v) { return new WorkloadSpec(kind, size, v, peers, blockSize, wildcardMix, comms, hints, seed); }
    public WorkloadSpec withPeers(int v) { return new WorkloadSpec(kind, size, rounds, v, blockSize, wildcardMix, comms, hints, seed); }
    public WorkloadSpec withBlockSize(int v) { return new WorkloadSpec(kind, size, rounds, peers, v, wildcardMix, comms, hints, seed); }
    public WorkloadSpec withWildcardMix(double v) { return new WorkloadSpec(kind, size, rounds, peers, blockSize, v, comms, hints, seed); }
    public WorkloadSpec withComms(int v) { return new WorkloadSpec(kind, size, rounds, peers, blockSize, wildcardMix, v, hints, seed); }
    public WorkloadSpec withHints(Hints v) { return new WorkloadSpec(kind, size, rounds, peers, blockSize, wildcardMix, comms, v, seed); }
    public WorkloadSpec withSeed(long v) { return new WorkloadSpec(kind, size, rounds, peers, blockSize, wildcardMix, comms, hints, v); }
}

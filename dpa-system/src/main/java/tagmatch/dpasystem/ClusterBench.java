package tagmatch.dpasystem;

import tagmatch.dpa.DpaResult;
import tagmatch.dpa.DpaRun;

/**
 * One measurement of {@code otm_bench}'s workloads on the cluster: a constant number of receives
 * kept posted, blocks of min(depth, N) messages matched by N harts spread over the cores (or,
 * for the list, by hart 0 alone), cycles counted by {@code mcycle} on hart 0 around the matching
 * loop: the setup's posts and the generation of the arrivals (the network's part) left out, the
 * blocks and the reposting of consumed receives counted, and also reported apart.
 */
public final class ClusterBench {
    private ClusterBench() {}

    /** What one run gave; {@code simSeconds} is the wall time of the simulation, for its speed. */
    public record Measurement(long matched, long cycles, long conflicts, long fast, long slow, long inOrder, long blockCycles,
                              long postCycles, long arrivalCycles, long retired, long totalCycles, double simSeconds) {
        public double cyclesPerMessage() {
            return (double) cycles / matched;
        }

        /** Messages matched per 10^6 cycles. */
        public double rate() {
            return matched * 1e6 / cycles;
        }

        /** Instructions the simulation retired per second of wall time, all harts together. */
        public double simulatedInstructionsPerSecond() {
            return retired / simSeconds;
        }

        /** Cycles the simulation ran per second of wall time. */
        public double simulatedCyclesPerSecond() {
            return totalCycles / simSeconds;
        }
    }

    /** Runs {@code kase} at {@code depth} on {@code harts} harts ({@code firmware} false: the list on hart 0). */
    public static Measurement measure(DpaRun dpa, FirmwareImage image, boolean firmware, BenchCase kase, int depth, int harts, long messages,
                                      int latency) {
        DriverInput in = DriverInput.bench(dpa.config(), firmware, harts, kase, depth, messages);
        var elf = image.link(in, dpa.config().ramBytes());
        long t0 = System.nanoTime();
        DpaResult r = dpa.run(elf, DpaRun.Options.defaults().withHarts(firmware ? 0 : 1).withLatency(latency));
        double secs = (System.nanoTime() - t0) * 1e-9;
        if (r.outcome() != DpaResult.Outcome.EXIT || r.exitCode() != 0) {
            throw new IllegalStateException("the bench did not exit 0 (" + kase.label() + ", depth " + depth + ", " + harts + " harts): "
                    + r.outcome() + (r.error() != null ? " " + r.error().describe() : "") + "\n" + r.console());
        }
        for (String line : r.console().split("\n")) {
            if (!line.startsWith("matched ")) continue;
            String[] f = line.trim().split(" ");
            return new Measurement(Long.parseLong(f[1]), Long.parseLong(f[5]), Long.parseLong(f[7]), Long.parseLong(f[9]),
                    Long.parseLong(f[11]), Long.parseLong(f[13]), Long.parseLong(f[15]), Long.parseLong(f[17]), Long.parseLong(f[19]),
                    r.totalRetired(), r.cycles(), secs);
        }
        throw new IllegalStateException("the bench printed no result line:\n" + r.console());
    }
}

package tagmatch.testbench.alpu;

import org.junit.jupiter.api.Test;
import tagmatch.alpu.AlpuConfig;
import tagmatch.alpu.Variant;
import tagmatch.alpu.nic.AlpuNic;
import tagmatch.alpu.nic.MatchLayout;
import tagmatch.model.Capacities;
import tagmatch.model.Event;
import tagmatch.model.ReferenceMatcher;
import tagmatch.model.Result;
import tagmatch.model.workload.Workload;
import tagmatch.model.workload.WorkloadSpec;
import tagmatch.model.workload.Workloads;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The NIC driver of seed 001 section IV (software lists in front of a PRQ and a UMQ ALPU, insert
 * threshold, batched inserts, software search of the part not in the ALPU) running over the
 * generated RTL (on the default backend) gives exactly the reference matcher's matches on random MPI
 * workloads with wildcards, including queues longer than the ALPUs.
 */
class RtlNicTest {

    private static void assertSameAsReference(AlpuNic nic, Capacities caps, List<Event> events, String what) {
        ReferenceMatcher ref = new ReferenceMatcher(caps);
        int i = 0;
        for (Event e : events) {
            Result expected = ref.apply(e);
            assertEquals(expected, nic.apply(e), what + ", event #" + i + " " + e);
            i++;
        }
    }

    @Test
    void nicOverTheRtlGivesTheReferenceMatchesOnRandomWorkloads() {
        int[][] setups = {{8, 2, 1}, {16, 4, 3}, {4, 2, 2}};
        long seed = 11;
        long batches = 0;
        for (int[] s : setups) {
            for (String kind : Workloads.kinds()) {
                WorkloadSpec spec = WorkloadSpec.of(kind).withSeed(seed).withSize(24).withRounds(3).withWildcardMix(0.4)
                        .withComms(2);
                Workload w = Workloads.generate(spec);
                try (SimulatorPins prq = RtlPins.open(AlpuConfig.seed(s[0], s[1], Variant.PRQ));
                     SimulatorPins umq = RtlPins.open(AlpuConfig.seed(s[0], s[1], Variant.UMQ))) {
                    AlpuNic nic = new AlpuNic(new PinsDevice(prq, seed, 0.25), new PinsDevice(umq, seed + 1, 0.25),
                            MatchLayout.DEFAULT, Capacities.UNBOUNDED, s[2]);
                    assertSameAsReference(nic, Capacities.UNBOUNDED, w.events(),
                            kind + " cells=" + s[0] + " block=" + s[1] + " threshold=" + s[2] + " seed=" + seed);
                    batches += nic.batches();
                }
                seed++;
            }
        }
        assertTrue(batches > 10, "insert batches: " + batches);
    }
}

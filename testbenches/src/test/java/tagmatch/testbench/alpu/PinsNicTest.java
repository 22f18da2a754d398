package tagmatch.testbench.alpu;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

import tagmatch.alpu.AlpuConfig;
import tagmatch.alpu.Variant;
import tagmatch.alpu.model.CycleTiming;
import tagmatch.alpu.nic.AlpuNic;
import tagmatch.alpu.nic.MatchLayout;
import tagmatch.model.Capacities;
import tagmatch.model.Event;
import tagmatch.model.ReferenceMatcher;
import tagmatch.model.workload.WorkloadSpec;
import tagmatch.model.workload.Workloads;

/** The NIC driver over cycle-level ALPU pins, every cycle scoreboarded, against the reference. */
class PinsNicTest {

    @Test
    void nicOverCycleLevelAlpusMatchesTheReferenceWithEveryCycleScoreboarded() {
        long checked = 0;
        for (long seed = 1; seed <= 12; seed++) {
            int cells = 4 << (seed % 3);
            CycleTiming timing = seed % 2 == 0 ? CycleTiming.SEED : new CycleTiming(2, 1, 2, 0.5);
            PinsDevice prq = new PinsDevice(new ModelPins(AlpuConfig.seed(cells, 2, Variant.PRQ), timing, seed), seed, 0.2);
            PinsDevice umq = new PinsDevice(new ModelPins(AlpuConfig.seed(cells, 2, Variant.UMQ), timing, seed + 50), seed, 0.2);
            Capacities caps = new Capacities(30, 30);
            AlpuNic nic = new AlpuNic(prq, umq, MatchLayout.DEFAULT, caps, 1 + (int) (seed % 3));
            ReferenceMatcher ref = new ReferenceMatcher(caps);
            String kind = Workloads.kinds().get((int) (seed % Workloads.kinds().size()));
            WorkloadSpec spec = WorkloadSpec.of(kind).withSeed(seed).withSize(20).withRounds(3).withWildcardMix(0.4)
                    .withPeers(3);
            int i = 0;
            for (Event e : Workloads.generate(spec).events()) {
                assertEquals(ref.apply(e), nic.apply(e), kind + " seed " + seed + " event #" + i++ + " " + e);
            }
            checked += prq.scoreboard().responsesChecked() + umq.scoreboard().responsesChecked();
            assertTrue(nic.batches() > 0);
        }
        assertTrue(checked > 1000, "responses checked: " + checked);
    }
}

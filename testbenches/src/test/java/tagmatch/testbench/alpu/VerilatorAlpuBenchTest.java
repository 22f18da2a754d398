package tagmatch.testbench.alpu;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

import tagmatch.alpu.AlpuConfig;
import tagmatch.alpu.Variant;
import tagmatch.alpu.model.AlpuViolation;
import tagmatch.alpu.nic.AlpuNic;
import tagmatch.alpu.nic.MatchLayout;
import tagmatch.model.Capacities;
import tagmatch.model.Event;
import tagmatch.model.ReferenceMatcher;
import tagmatch.model.workload.WorkloadSpec;
import tagmatch.model.workload.Workloads;
import tagmatch.sim.backends.Simulators;

/**
 * The whole chain on real RTL under Verilator (the test fails if Verilator is missing): the
 * hand-written {@link ReferenceAlpuVerilog} driven through {@link SimulatorPins} by the random
 * bench and by the NIC driver, every cycle scoreboarded; and a broken copy of it caught.
 */
class VerilatorAlpuBenchTest {

    private static SimulatorPins pins(AlpuConfig c, boolean youngestWins) {
        return new SimulatorPins(Simulators.verilator(ReferenceAlpuVerilog.design(c, youngestWins)), c,
                ReferenceAlpuVerilog.R9_BOUND, "reference Verilog ALPU");
    }

    @Test
    void referenceRtlPassesRandomTrafficForBothVariants() {
        AlpuConfig[] configs = {AlpuConfig.of(4, 2, 8, 4, Variant.PRQ), AlpuConfig.of(8, 2, 42, 16, Variant.UMQ),
                AlpuConfig.of(2, 2, 1, 1, Variant.PRQ)};
        long seed = 1;
        for (AlpuConfig c : configs) {
            try (SimulatorPins p = pins(c, false)) {
                AlpuBench b = new AlpuBench(p, TrafficMix.FULL, seed++);
                for (int round = 0; round < 3; round++) b.random(3_000).drain();
                BenchResult r = b.result();
                assertTrue(r.successes() > 0 && r.failures() > 0 && r.acks() > 0 && r.badCommands() > 0, r.summary());
                assertEquals(r.responses(), b.scoreboard().responsesChecked());
            }
        }
    }

    @Test
    void nicOverReferenceRtlMatchesTheMatchingReference() {
        try (SimulatorPins prqPins = pins(AlpuConfig.seed(8, 2, Variant.PRQ), false);
             SimulatorPins umqPins = pins(AlpuConfig.seed(8, 2, Variant.UMQ), false)) {
            PinsDevice prq = new PinsDevice(prqPins, 1, 0.2);
            PinsDevice umq = new PinsDevice(umqPins, 2, 0.2);
            Capacities caps = new Capacities(40, 40);
            AlpuNic nic = new AlpuNic(prq, umq, MatchLayout.DEFAULT, caps, 2);
            ReferenceMatcher ref = new ReferenceMatcher(caps);
            for (String kind : new String[] {"random", "many-to-one", "shuffle"}) {
                WorkloadSpec spec = WorkloadSpec.of(kind).withSeed(7).withSize(24).withRounds(2).withWildcardMix(0.4);
                int i = 0;
                for (Event e : Workloads.generate(spec).events()) {
                    assertEquals(ref.apply(e), nic.apply(e), kind + " event #" + i++ + " " + e);
                }
            }
            assertTrue(prq.scoreboard().responsesChecked() > 50 && umq.scoreboard().responsesChecked() > 50);
        }
    }

    @Test
    void brokenRtlWithReversedPriorityIsCaught() {
        AlpuConfig c = AlpuConfig.of(4, 2, 8, 4, Variant.PRQ);
        try (SimulatorPins p = pins(c, true)) {
            AlpuViolation v = assertThrows(AlpuViolation.class, () -> new AlpuBench(p, TrafficMix.FULL, 3).random(20_000).drain());
            assertEquals("R3", v.rule(), v.getMessage());
        }
    }
}

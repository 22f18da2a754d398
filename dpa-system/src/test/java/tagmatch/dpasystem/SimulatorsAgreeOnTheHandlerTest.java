package tagmatch.dpasystem;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import tagmatch.dpa.ClusterRuns;
import tagmatch.dpa.ClusterSimulator;
import tagmatch.dpa.DpaConfig;
import tagmatch.dpa.DpaRun;
import tagmatch.dpa.SimulatorChoice;
import tagmatch.dpa.mem.LatencyOverrides;
import tagmatch.dpa.mem.MemorySetting;
import tagmatch.otm.OtmConfig;

/**
 * The generated handler gives the same cycles on both of the cluster's simulators, so that
 * {@code --sim} changes how long a figure takes and nothing it shows; and a ping-pong split into
 * its runs on two workers gives what it gives run after run.
 */
class SimulatorsAgreeOnTheHandlerTest {
    static final Path ROOT = Path.of("target", "handler-builds");
    static final OtmConfig CONFIG = OtmConfig.defaults().withThreads(2).withBins(8).withCapacities(16, 16);
    static final DpaConfig CLUSTER = new DpaConfig(1, 2, 1, 16);

    @Test
    void aSmallPingPongTakesTheSameCyclesOnTheCompiledBackendAndOnVerilator() {
        HandlerImage image = HandlerImage.build(CONFIG, HandlerImage.Matcher.OTM, ROOT);
        PingPong pp = new PingPong(true, 4, 2, 100);
        PingPong.Result v = pp.run(DpaRun.build(CLUSTER, "verilator"), image, MemorySetting.OPTIMISTIC, ROOT.resolve("work"));
        PingPong.Result c = pp.run(DpaRun.build(CLUSTER, "compiled"), image, MemorySetting.OPTIMISTIC, ROOT.resolve("work"));
        assertEquals(8, v.messages());
        assertEquals(v.cycles(), c.cycles(), "the handler's cycles");
        assertEquals(v.simCycles(), c.simCycles(), "every cycle simulated");
        assertEquals(v.retired(), c.retired(), "instructions retired");
        assertEquals(v.hostRoundTrips(), c.hostRoundTrips());
        assertArrayEquals(v.phases(), c.phases());
    }

    @Test
    void runsOnTwoWorkersAtOnceGiveWhatTheyGiveOneAfterTheOther() {
        HandlerImage image = HandlerImage.build(CONFIG, HandlerImage.Matcher.OTM, ROOT);
        DpaRun dpa = DpaRun.build(CLUSTER, SimulatorChoice.of(ClusterSimulator.COMPILED));
        List<PingPong> runs = List.of(new PingPong(false, 4, 2, 50), new PingPong(true, 4, 2, 50), new PingPong(false, 3, 3, 0));
        java.util.function.Function<PingPong, PingPong.Result> run =
                r -> r.run(dpa, image, MemorySetting.OPTIMISTIC, LatencyOverrides.NONE, ROOT.resolve("work"));
        List<PingPong.Result> serial = ClusterRuns.serial(ClusterSimulator.COMPILED).map(runs, run);
        List<PingPong.Result> together = new ClusterRuns(SimulatorChoice.of(ClusterSimulator.COMPILED), 2).map(runs, run);
        for (int i = 0; i < runs.size(); i++) {
            assertEquals(serial.get(i).cycles(), together.get(i).cycles(), runs.get(i).toString());
            assertEquals(serial.get(i).simCycles(), together.get(i).simCycles(), runs.get(i).toString());
            assertArrayEquals(serial.get(i).phases(), together.get(i).phases(), runs.get(i).toString());
        }
        PingPong.Result sum = serial.get(0).plus(serial.get(1));
        assertEquals(serial.get(0).cycles() + serial.get(1).cycles(), sum.cycles());
        assertEquals(16, sum.messages());
        assertEquals(2, sum.runs());
    }
}

package tagmatch.testbench.firmware;

import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import tagmatch.model.Event;
import tagmatch.model.Hints;
import tagmatch.model.workload.WorkloadSpec;
import tagmatch.model.workload.Workloads;
import tagmatch.otm.OtmConfig;

/**
 * Thread 0 of the handler sleeps only on an armed queue: a command that lands after it last
 * looked at its queues and before it armed them must still wake it. The window is a few
 * instructions wide on a host (qemu-riscv64 hit it about three times in a thousand runs);
 * {@code make handler-slow-arm} naps there, so that host software posting late lands in it in
 * most runs. The rule that decided what to arm by reading the command CQ a second time hung
 * in 82 of 100 such runs.
 */
class HandlerWakeupTest {
    private static final Path WORK = Path.of("target", "otm-work").toAbsolutePath();

    @Test
    void aCommandLandingWhileThreadZeroDecidesToSleepStillWakesIt() {
        OtmConfig cfg = OtmConfig.defaults().withThreads(32).withBins(128).withCapacities(2, 2);
        Path handler = FirmwareBuild.generate(cfg, CosimSupport.ROOT).artifact("handler-slow-arm", "otm_handler_slow_arm");
        List<Event> events = CommSplit.split(Workloads.generate(WorkloadSpec.of("no-conflict").withBlockSize(32).withSeed(986)
                .withSize(15).withRounds(2).withComms(1)).events()).values().iterator().next();
        assertTimeoutPreemptively(Duration.ofSeconds(60), () -> {
            for (int run = 0; run < 8; run++) {
                SystemCosim.Verdict v = SystemCosim.run(List.of(), handler, events, Hints.NONE, WORK, List.of("lag-posts"));
                assertNull(v.problem(), "run " + run);
                assertTrue(v.waits() > 0, "thread 0 waited for a command still on its way: " + v.waits());
            }
        }, "the handler slept through a command: a run did not end");
    }
}

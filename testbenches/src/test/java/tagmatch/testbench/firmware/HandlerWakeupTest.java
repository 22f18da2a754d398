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
 * A message younger than a command that has not landed yet waits for it: no one tells the
 * handler the future, and the thread that owns the command applies it while the message waits.
 * {@code lag-posts} makes that happen on every run, whatever the machine's speed: host software
 * holds back each receive that a later message follows until a thread, holding that message,
 * stands before its wait for the receive (a handshake with the stand-in), and posts it then. A
 * handler that takes a command not landed yet for none never stops there, and the run never
 * ends.
 */
class HandlerWakeupTest {
    private static final Path WORK = Path.of("target", "otm-work").toAbsolutePath();

    @Test
    void aMessageWaitsForAnOlderCommandStillOnItsWay() {
        Path handler = handler();
        List<Event> events = workload();
        long held = heldBackReceives(events);
        assertTrue(held > 0, "the workload has a receive that a later message follows");
        // A hang detector, not a timed verdict: a run takes well under a second.
        assertTimeoutPreemptively(Duration.ofSeconds(120), () -> {
            for (int run = 0; run < 4; run++) {
                SystemCosim.Verdict v = SystemCosim.run(List.of(), handler, events, Hints.NONE, WORK, List.of("lag-posts"));
                assertNull(v.problem(), "run " + run);
                assertTrue(v.waits() >= held, "a message waited for each of the " + held + " held-back receives: " + v.waits());
            }
        }, "a run did not end: no message waited for a held-back receive");
    }

    /**
     * A thread can see a held command missing a moment before it lands and stop before its wait
     * after host software has posted it: no held command comes after the last one to let it go.
     * {@code late-wait} puts a thread there on every run, after the last held command and before
     * host software ends, so the run ends only if host software's end lets it go on.
     */
    @Test
    void aThreadThatStopsAfterTheLastHeldCommandGoesOnWhenHostSoftwareEnds() {
        Path handler = handler();
        List<Event> events = workload();
        assertTrue(heldBackReceives(events) > 0, "the workload has a receive that a later message follows");
        // A hang detector, not a timed verdict: a run takes well under a second.
        assertTimeoutPreemptively(Duration.ofSeconds(120), () -> {
            SystemCosim.Verdict v = SystemCosim.run(List.of(), handler, events, Hints.NONE, WORK, List.of("late-wait"));
            assertNull(v.problem());
        }, "the run did not end: a thread that stopped after the last held command was never let go");
    }

    private static Path handler() {
        OtmConfig cfg = OtmConfig.defaults().withThreads(32).withBins(128).withCapacities(2, 2);
        return FirmwareBuild.generate(cfg, CosimSupport.ROOT).artifact("handler", "otm_handler");
    }

    private static List<Event> workload() {
        return CommSplit.split(Workloads.generate(WorkloadSpec.of("no-conflict").withBlockSize(32).withSeed(986)
                .withSize(15).withRounds(2).withComms(1)).events()).values().iterator().next();
    }

    /** The receives {@code lag-posts} holds back: those that a later message follows. */
    private static long heldBackReceives(List<Event> events) {
        long posts = 0, held = 0;
        for (Event e : events) {
            if (e instanceof Event.Post) {
                posts++;
            } else if (e instanceof Event.Arrive) {
                held += posts;
                posts = 0;
            }
        }
        return held;
    }
}

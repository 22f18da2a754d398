package tagmatch.dpasystem;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import tagmatch.dpa.DpaConfig;
import tagmatch.dpa.DpaResult;
import tagmatch.dpa.DpaRun;
import tagmatch.dpa.nic.NicOutcome;
import tagmatch.model.Capacities;
import tagmatch.model.Event;
import tagmatch.model.Hints;
import tagmatch.otm.OtmConfig;
import tagmatch.testbench.firmware.Expected;
import tagmatch.testbench.firmware.OpResult;

/**
 * The NIC landing faster than the handler drains, into the shallowest CQs the handler takes (2N
 * entries: a consumer index lags the work done by up to 2N - 2), while the
 * matcher runs at full receive and unexpected capacity: nothing is lost, MPI's order holds, every
 * to-host entry and delivered byte equals the reference's; and the checks catch a run that is
 * damaged in any of those ways.
 */
class HandlerFeedTest {
    static final Path ROOT = Path.of("target", "handler-builds");
    static final int RECVS = 6, UNEXPECTED = 6;
    static final OtmConfig CONFIG = OtmConfig.defaults().withThreads(4).withBins(4).withCapacities(RECVS, UNEXPECTED);
    static DpaRun dpa;
    static HandlerImage image;
    static List<Event> events;
    static HandlerFeed feed;
    static NicOutcome nic;

    @BeforeAll
    static void runOnce() {
        dpa = DpaRun.build(DpaConfig.defaults());
        image = HandlerImage.build(CONFIG, HandlerImage.Matcher.OTM, ROOT);
        events = fullCapacity();
        feed = new HandlerFeed(events, new HandlerFeed.Pace(3, 3, 2, 0));
        nic = HandlerRun.execute(dpa, image, feed, DpaRun.Options.defaults());
    }

    @AfterAll
    static void close() {
        dpa.close();
    }

    /**
     * Receives posted past the table's room (the last ones refused), messages for none of them
     * past the unexpected store's room (the last ones refused), then messages for every posted
     * receive and receives for every stored message.
     */
    static List<Event> fullCapacity() {
        List<Event> ev = new ArrayList<>();
        long post = 0, msg = 1_000;
        for (int i = 0; i < RECVS + 2; i++) ev.add(new Event.Post(post++, 0, 1, i));
        for (int i = 0; i < UNEXPECTED + 2; i++) ev.add(new Event.Arrive(msg++, 0, 2, i));
        for (int i = 0; i < RECVS; i++) ev.add(new Event.Arrive(msg++, 0, 1, i));
        for (int i = 0; i < UNEXPECTED; i++) ev.add(new Event.Post(post++, 0, 2, i));
        return ev;
    }

    @Test
    void aNicFasterThanTheHandlerAtFullCapacityLosesNothingAndKeepsOrder() {
        List<OpResult> want = Expected.of(events, new Capacities(RECVS, UNEXPECTED), new Hints(false, false));
        long refusedPosts = 0, refusedMessages = 0, stored = 0;
        for (int i = 0; i < events.size(); i++) {
            if (want.get(i).status() == OpResult.ERR_FULL) {
                if (events.get(i) instanceof Event.Post) refusedPosts++;
                else refusedMessages++;
            }
            if (want.get(i).status() == OpResult.UNEXPECTED) stored++;
        }
        assertTrue(refusedPosts > 0 && refusedMessages > 0 && stored == UNEXPECTED, "the workload fills both tables");

        assertEquals(DpaResult.Outcome.EXIT, nic.result().outcome(), () -> nic.result().toString());
        assertEquals(events.size(), nic.landed() + nic.commands() - 1, "every call and the stop landed");
        assertTrue(nic.stalls() > 0, "the NIC waited for room in the eight-entry message CQ");
        assertNull(HandlerRun.difference(events, CONFIG, feed, nic, ROOT.resolve("work")));
    }

    @Test
    void aLostReorderedOrDamagedEntryOrBufferIsCaught() {
        Path work = ROOT.resolve("work");
        assertNotNull(HandlerRun.difference(events, CONFIG, feed, withLog(l -> l.subList(0, l.size() - 1), nic.taken() - 1), work), "an entry lost");
        assertNotNull(HandlerRun.difference(events, CONFIG, feed, withLog(l -> {
            Collections.swap(l, 3, 4);
            return l;
        }, nic.taken()), work), "two entries swapped");
        assertNotNull(HandlerRun.difference(events, CONFIG, feed, withLog(l -> {
            int i = firstOf(l, 2, OpResult.MATCHED);
            long[] w = l.get(i).clone();
            w[1] = (w[1] & 0xFFFF_FFFFL) | ((long) OpResult.UNEXPECTED << 32);
            l.set(i, w);
            return l;
        }, nic.taken()), work), "a matched message reported unexpected");
        Map<NicOutcome.HostRange, long[]> reads = new LinkedHashMap<>(nic.reads());
        NicOutcome.HostRange bufs = feed.reads().get(1);
        long[] b = reads.get(bufs).clone();
        for (int i = 0; i < b.length; i++) {
            if (b[i] != 0) {
                b[i] ^= 1;
                break;
            }
        }
        reads.put(bufs, b);
        NicOutcome flipped = new NicOutcome(nic.result(), nic.landed(), nic.commands(), nic.taken(), nic.events(), nic.stalls(), nic.firstCqe(),
                nic.lastTake(), nic.done(), nic.waitEnd(), nic.wqes(), nic.host(), nic.log(), reads);
        assertNotNull(HandlerRun.difference(events, CONFIG, feed, flipped, work), "a delivered byte flipped");
    }

    /** The index of the first entry of {@code kind} with {@code status}. */
    private static int firstOf(List<long[]> log, int kind, int status) {
        for (int i = 0; i < log.size(); i++) if ((int) log.get(i)[1] == kind && (int) (log.get(i)[1] >>> 32) == status) return i;
        throw new AssertionError("no entry of kind " + kind + " with status " + status);
    }

    private static NicOutcome withLog(UnaryOperator<List<long[]>> change, long taken) {
        List<long[]> log = change.apply(new ArrayList<>(nic.log()));
        return new NicOutcome(nic.result(), nic.landed(), nic.commands(), taken, nic.events(), nic.stalls(), nic.firstCqe(), nic.lastTake(),
                nic.done(), nic.waitEnd(), nic.wqes(), nic.host(), log, nic.reads());
    }

    @Test
    void afterSetupLandsTheFirstMessageOnlyOnceTheLeadingPostsAreReported() {
        HandlerFeed plain = new HandlerFeed(events, HandlerFeed.Pace.defaults());
        HandlerFeed timed = HandlerFeed.afterSetup(events, HandlerFeed.Pace.defaults());
        NicOutcome a = HandlerRun.execute(dpa, image, plain, DpaRun.Options.defaults());
        NicOutcome b = HandlerRun.execute(dpa, image, timed, DpaRun.Options.defaults());
        assertEquals(0, a.waitEnd(), "no pause, no stamp");
        assertTrue(b.waitEnd() > 0 && b.waitEnd() <= b.firstCqe(), () -> "the wait ended at " + b.waitEnd() + ", the first message landed at " + b.firstCqe());
        assertTrue(b.lastTake() - b.firstCqe() < a.lastTake() - a.firstCqe(),
                () -> "the span without the set-up: " + (b.lastTake() - b.firstCqe()) + " cycles, with it " + (a.lastTake() - a.firstCqe()));
        assertNull(HandlerRun.difference(events, CONFIG, timed, b, ROOT.resolve("work")), "the pause changes no answer");
    }
}

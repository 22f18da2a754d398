package tagmatch.dpasystem;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import tagmatch.dpa.DpaConfig;
import tagmatch.dpa.DpaRun;
import tagmatch.dpa.mem.MemorySetting;
import tagmatch.dpa.nic.HostImage;
import tagmatch.dpa.nic.NicMap;
import tagmatch.dpa.nic.NicOutcome;
import tagmatch.model.Event;
import tagmatch.otm.OtmConfig;

/**
 * The ping-pong's acknowledgement on the cluster: the NIC lands no message of the next sequence
 * before every entry of the last one is taken, then waits the ack's cycles; every entry still
 * equals the reference's. A script with the delays but not the waits is told apart by its cycles.
 */
class AckWaitTest {
    static final Path ROOT = Path.of("target", "handler-builds");
    static final int K = 6, SEQUENCES = 3;
    static final OtmConfig CONFIG = OtmConfig.defaults().withThreads(4).withBins(8).withCapacities(16, 16).withInOrderRun(0);
    static DpaRun dpa;
    static HandlerImage image;

    @BeforeAll
    static void build() {
        dpa = DpaRun.build(DpaConfig.defaults());
        image = HandlerImage.build(CONFIG, HandlerImage.Matcher.OTM, ROOT);
    }

    @AfterAll
    static void close() {
        dpa.close();
    }

    @Test
    void everySequenceWaitsForTheLastOnesEntriesAndThenTheAcksCycles() {
        // PingPong.run fails on any entry or payload that differs from the reference
        PingPong.Result r0 = new PingPong(false, K, SEQUENCES, 0).run(dpa, image, MemorySetting.LIKELY, ROOT.resolve("work"));
        long perSequence = r0.cycles() / SEQUENCES, ack = 4 * perSequence;
        PingPong acked = new PingPong(false, K, SEQUENCES, ack);
        PingPong.Result ra = acked.run(dpa, image, MemorySetting.LIKELY, ROOT.resolve("work"));
        assertEquals((long) K * SEQUENCES, ra.messages());
        // each pause holds the next messages back by the ack less what the handler still does meanwhile (the posts, part of a sequence)
        long atLeast = ack + (SEQUENCES - 1) * (ack - perSequence);
        System.out.println("ack-wait: per sequence " + perSequence + ", ack " + ack + ", free " + r0.cycles() + ", acked " + ra.cycles());
        assertTrue(ra.cycles() - r0.cycles() >= atLeast, () -> "the ack added " + (ra.cycles() - r0.cycles()) + " cycles, want " + atLeast);

        List<Event> events = acked.events(SEQUENCES);
        HandlerFeed waited = new HandlerFeed(events, HandlerFeed.Pace.defaults(), acked.pauses(SEQUENCES));
        HandlerFeed unwaited = new HandlerFeed(events, HandlerFeed.Pace.defaults(), acked.pauses(SEQUENCES));
        assertEquals(SEQUENCES - 1, dropWaits(unwaited.host()));
        NicOutcome w = HandlerRun.execute(dpa, image, waited, DpaRun.Options.defaults().withMemory(MemorySetting.LIKELY));
        NicOutcome u = HandlerRun.execute(dpa, image, unwaited, DpaRun.Options.defaults().withMemory(MemorySetting.LIKELY));
        assertNull(HandlerRun.difference(events, CONFIG, waited, w, ROOT.resolve("work")));
        long span = w.lastTake() - w.firstCqe(), mutant = u.lastTake() - u.firstCqe();
        System.out.println("ack-wait: span " + span + ", without the waits " + mutant);
        assertTrue(span - mutant >= (SEQUENCES - 1) * perSequence / 4, () -> "with the waits " + span + " cycles, without " + mutant);
    }

    @Test
    void pausesMustFollowTicketsInOrderBeforeTheLast() {
        List<Event> ev = new PingPong(false, 2, 2).events(2);
        assertEquals("pauses must follow tickets in increasing order within -1..6, got 7 at 0",
                assertThrows(IllegalArgumentException.class, () -> new HandlerFeed(ev, HandlerFeed.Pace.defaults(),
                        List.of(new HandlerFeed.Pause(7, 0)))).getMessage());
        assertEquals("pauses must follow tickets in increasing order within -1..6, got 3 at 1",
                assertThrows(IllegalArgumentException.class, () -> new HandlerFeed(ev, HandlerFeed.Pace.defaults(),
                        List.of(new HandlerFeed.Pause(3, 0), new HandlerFeed.Pause(3, 0)))).getMessage());
        assertEquals("a pause's cycles must be in 0..2^32-1, got -1",
                assertThrows(IllegalArgumentException.class, () -> new HandlerFeed.Pause(0, -1)).getMessage());
        assertEquals(List.of(new HandlerFeed.Pause(3, 9), new HandlerFeed.Pause(7, 9)), new PingPong(false, 2, 3, 9).pauses(3));
    }

    /** Rewrites {@code host}'s script without its WAIT records; returns how many it dropped. */
    static int dropWaits(HostImage host) {
        Map<Long, Long> words = host.words();
        long at = (host.script() - NicMap.HOST_BASE) >>> 3;
        List<Long> kept = new ArrayList<>();
        int dropped = 0;
        for (;;) {
            long h = words.getOrDefault(at, 0L);
            int op = (int) (h & 0xFF), n = (int) (h >>> 8 & 0xFF) + (op == NicMap.OP_HOST ? 1 : 0);
            if (op == NicMap.OP_WAIT) dropped++;
            else for (int i = 0; i <= n; i++) kept.add(words.getOrDefault(at + i, 0L));
            if (op == NicMap.OP_END) break;
            at += n + 1;
        }
        long[] w = new long[kept.size()];
        for (int i = 0; i < w.length; i++) w[i] = kept.get(i);
        host.put(host.script(), w);
        return dropped;
    }
}

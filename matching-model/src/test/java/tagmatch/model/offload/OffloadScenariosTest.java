package tagmatch.model.offload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import tagmatch.model.Capacities;
import tagmatch.model.Event;
import tagmatch.model.InputRules;
import tagmatch.model.Matchers;
import tagmatch.model.Result;

/**
 * Seed 003's cases one by one: §4.1's order hazard, §4.2's waiting message, Fig. 2 and Fig. 6's
 * window, Fig. 4b's rare progress, the cut-off, the ALPU's refill.
 */
class OffloadScenariosTest {
    private static final long BIG = 1 << 20;

    private static OffloadEngine engine(OffloadPolicy p, int entries, List<Transfer> t) {
        return OffloadEngines.create(p, OffloadSettings.defaults().withHwEntries(entries), Transfers.byIndex(t));
    }

    @Test
    void sectionFourOneKeepsR1ForS1WhenR1StaysInSoftware() {
        // r1 non-contiguous (software), r2 offloadable; s1 must take r1 and s2 r2 (C1).
        List<Event> events = List.of(new Event.Post(0, 0, 1, 7), new Event.Post(1, 0, 1, 7), new Event.Arrive(2, 0, 1, 7),
                new Event.Arrive(3, 0, 1, 7));
        List<Transfer> t = List.of(new Transfer(BIG, false, 0), new Transfer(BIG, true, 1), new Transfer(BIG, true, 2),
                new Transfer(BIG, true, 3));
        for (OffloadPolicy p : OffloadPolicy.values()) {
            OffloadEngine e = engine(p, 8, t);
            assertEquals(List.of(Result.POSTED, Result.POSTED, Result.matched(0), Result.matched(1)), Matchers.run(e, events), p.cliName());
        }
        assertEquals(0, engine(OffloadPolicy.NAIVE, 8, t).counts().offloaded());
        OffloadEngine seq = engine(OffloadPolicy.SEQNUM, 8, t);
        Matchers.run(seq, events);
        assertEquals(1, seq.counts().offloaded(), "sequence numbers offload r2 although r1 waits in software");
        assertEquals(1, seq.counts().hardwareMatched());
    }

    @Test
    void naiveKeepsReceivesInSoftwareWhileAnUnexpectedMessageWaits() {
        // §4.2: peer 2's message waits unexpected while peer 1's receive is posted, so that receive
        // stays in software although software holds no receive; once peer 2's receive has taken the
        // message and peer 1's has been matched, the next receive goes to the hardware again.
        List<Event> events = List.of(new Event.Arrive(0, 0, 2, 0), new Event.Post(1, 0, 1, 0), new Event.Post(2, 0, 2, 0),
                new Event.Arrive(3, 0, 1, 0), new Event.Post(4, 0, 1, 0), new Event.Arrive(5, 0, 1, 0));
        List<Transfer> t = new ArrayList<>();
        for (int i = 0; i < events.size(); i++) t.add(new Transfer(BIG, true, i));
        OffloadEngine naive = engine(OffloadPolicy.NAIVE, 8, t);
        assertEquals(List.of(Result.UNEXPECTED, Result.POSTED, Result.matched(0), Result.matched(1), Result.POSTED, Result.matched(4)),
                Matchers.run(naive, events));
        assertEquals(1, naive.counts().offloaded(), "only the receive posted after the message was taken: " + naive.counts());
        assertEquals(0, naive.counts().cancelled(), naive.counts().toString());
        assertEquals(1, naive.counts().hardwareMatched(), naive.counts().toString());
        OffloadEngine seq = engine(OffloadPolicy.SEQNUM, 8, t);
        Matchers.run(seq, events);
        assertEquals(3, seq.counts().offloaded(), "sequence numbers are not held back by a waiting message: " + seq.counts());
    }

    @Test
    void naiveOffloadsNoneOfAWindowOpenedByANonContiguousReceiveAndAllOfACleanOne() {
        assertEquals(0.0, OffloadWindow.offloadedShare(OffloadPolicy.NAIVE, 64, 0, 3));
        assertEquals(1.0, OffloadWindow.offloadedShare(OffloadPolicy.NAIVE, 64, -1, 3));
        assertEquals(32 / 64.0, OffloadWindow.offloadedShare(OffloadPolicy.NAIVE, 64, 32, 3));
    }

    @Test
    void sequenceNumbersOffloadAtLeast63Of64WhereverTheNonContiguousReceiveIs() {
        for (int at = -1; at < 64; at++) {
            double share = OffloadWindow.offloadedShare(OffloadPolicy.SEQNUM, 64, at, 2);
            assertTrue(share >= 63 / 64.0, "non-contiguous at " + at + ": " + share);
        }
    }

    @Test
    void adaptiveStopsOffloadingForThePeriodOnceMostOffloadsAreCancelled() {
        // Every message arrives before its receive: every offload is cancelled.
        List<Event> events = new ArrayList<>();
        List<Transfer> t = new ArrayList<>();
        for (int i = 0; i < 200; i++) {
            events.add(new Event.Arrive(2 * i, 0, i % 50, 0));
            t.add(new Transfer(BIG, true, 10L * i));
            events.add(new Event.Post(2 * i + 1, 0, i % 50, 0));
            t.add(new Transfer(BIG, true, 10L * i + 5));
        }
        OffloadSettings s = OffloadSettings.defaults().withCancelCutoff(20, 0.5);
        OffloadEngine plain = OffloadEngines.create(OffloadPolicy.SEQNUM, s, Transfers.byIndex(t));
        Matchers.run(plain, events);
        assertEquals(200, plain.counts().cancelled());
        // δ alone: a peer's first receive is offloaded (no history), later ones not (δ < 0).
        OffloadEngine deltaOnly = OffloadEngines.create(OffloadPolicy.ADAPTIVE, s.withCancelCutoff(20, 1.0), Transfers.byIndex(t));
        Matchers.run(deltaOnly, events);
        assertEquals(50, deltaOnly.counts().cancelled());
        // With the cut-off: 4 offloads per period of 20 posts while new peers come (posts 0..59), then none.
        AdaptiveOffload adaptive = (AdaptiveOffload) OffloadEngines.create(OffloadPolicy.ADAPTIVE, s, Transfers.byIndex(t));
        Matchers.run(adaptive, events);
        assertEquals(12, adaptive.counts().cancelled());
        assertEquals(3, adaptive.suspensions());
    }

    @Test
    void adaptiveOffloadsOnlyWhenThePeersDelayExceedsTheOutstandingRendezvousCost() {
        // Peer 1's message arrives 1 ms after its receive, peer 2's 1 µs after; peer 2's receive is
        // posted while peer 1's 1 MiB receive is outstanding (K ≈ 85 µs): after its first receive
        // (no history) peer 2 is not offloaded, peer 1 (posted with nothing outstanding) always is.
        List<Event> events = new ArrayList<>();
        List<Transfer> t = new ArrayList<>();
        lateAndPromptPeers(events, t);
        OffloadEngine e = engine(OffloadPolicy.ADAPTIVE, 8, t);
        Matchers.run(e, events);
        assertEquals(11, e.counts().offloaded(), e.counts().toString());
        assertEquals(11, e.counts().hardwareMatched());
    }

    @Test
    void adaptiveOffloadsForAReceiverThatRarelyProgressesThoughItsSenderIsOnTime() {
        // Fig. 4b: peer 2's message comes 1 µs after its receive, while peer 1's 1 MiB receive is
        // outstanding (K ≈ 85 µs). Software would start peer 2's read only at the receiver's next
        // progress call: the lower the frequency f, the larger δ, and past K peer 2 is offloaded too.
        List<Event> events = new ArrayList<>();
        List<Transfer> t = new ArrayList<>();
        lateAndPromptPeers(events, t);
        long[] intervalsNs = {1_000, 50_000, 200_000, 500_000};
        long[] offloaded = {11, 11, 20, 20};
        for (int k = 0; k < intervalsNs.length; k++) {
            OffloadEngine e = OffloadEngines.create(OffloadPolicy.ADAPTIVE, OffloadSettings.defaults().withHwEntries(8), Capacities.UNBOUNDED,
                    InputRules.DEFAULT, Transfers.byIndex(t), ProgressCalls.every(intervalsNs[k]));
            Matchers.run(e, events);
            assertEquals(offloaded[k], e.counts().offloaded(), "progress every " + intervalsNs[k] + " ns: " + e.counts());
            assertEquals(offloaded[k], e.counts().hardwareMatched(), e.counts().toString());
        }
        OffloadEngine seq = OffloadEngines.create(OffloadPolicy.SEQNUM, OffloadSettings.defaults().withHwEntries(8), Capacities.UNBOUNDED,
                InputRules.DEFAULT, Transfers.byIndex(t), ProgressCalls.every(1_000));
        Matchers.run(seq, events);
        assertEquals(20, seq.counts().offloaded(), "only the adaptive policy predicts δ");
    }

    /**
     * Ten rounds: peer 1's 1 MiB receive, then peer 2's; peer 2's message 1 µs after its receive,
     * peer 1's 1 ms after its own.
     */
    private static void lateAndPromptPeers(List<Event> events, List<Transfer> t) {
        long id = 0, time = 0;
        for (int i = 0; i < 10; i++) {
            events.add(new Event.Post(id++, 0, 1, 0));
            t.add(new Transfer(BIG, true, time));
            events.add(new Event.Post(id++, 0, 2, 0));
            t.add(new Transfer(BIG, true, time + 10));
            events.add(new Event.Arrive(id++, 0, 2, 0));
            t.add(new Transfer(BIG, true, time + 1_010));
            events.add(new Event.Arrive(id++, 0, 1, 0));
            t.add(new Transfer(BIG, true, time + 1_000_000));
            time += 2_000_000;
        }
    }

    @Test
    void orderedMovesTheOldestSoftwareReceiveIntoAFreedHardwareEntry() {
        List<Event> events = new ArrayList<>();
        List<Transfer> t = new ArrayList<>();
        for (int i = 0; i < 4; i++) {
            events.add(new Event.Post(i, 0, 1, 0));
            t.add(new Transfer(BIG, true, i));
        }
        for (int i = 4; i < 8; i++) {
            events.add(new Event.Arrive(i, 0, 1, 0));
            t.add(new Transfer(BIG, true, i));
        }
        OffloadEngine ordered = engine(OffloadPolicy.ORDERED, 2, t);
        assertEquals(List.of(Result.POSTED, Result.POSTED, Result.POSTED, Result.POSTED, Result.matched(0), Result.matched(1),
                Result.matched(2), Result.matched(3)), Matchers.run(ordered, events));
        assertEquals(4, ordered.counts().offloaded());
        assertEquals(4, ordered.counts().hardwareMatched());
        OffloadEngine naive = engine(OffloadPolicy.NAIVE, 2, t);
        Matchers.run(naive, events);
        assertEquals(2, naive.counts().hardwareMatched(), "a full list keeps the rest in software for good");
    }

    @Test
    void stencilIsDeterministicAndEveryReceiveIsMatched() {
        Stencil3d.Spec spec = Stencil3d.Spec.defaults().withIterations(10);
        List<SizedWorkload> a = Stencil3d.generate(spec);
        assertEquals(64, a.size());
        assertEquals(a.get(5).events(), Stencil3d.generate(spec).get(5).events());
        OffloadCounts total = new OffloadCounts();
        for (SizedWorkload w : a) total.add(w.run(OffloadEngines.create(OffloadPolicy.SEQNUM, OffloadSettings.defaults(), w.transfers())));
        assertEquals(64 * 6 * 10, total.receives());
        assertEquals(total.receives(), total.hardwareMatched() + total.softwareMatched());
        assertTrue(total.unexpected() > 0 && total.unexpectedFraction() < 0.5, total.toString());
        OffloadCounts lockstep = new OffloadCounts();
        for (SizedWorkload w : Stencil3d.generate(spec.withJitter(0))) {
            lockstep.add(w.run(OffloadEngines.create(OffloadPolicy.SEQNUM, OffloadSettings.defaults(), w.transfers())));
        }
        assertEquals(1.0, lockstep.successRate(), "without jitter every receive is posted before its message: " + lockstep);
    }
}

package tagmatch.testbench.firmware;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import com.sun.jna.Memory;
import com.sun.jna.Pointer;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import tagmatch.model.Event;
import tagmatch.otm.OtmConfig;

/** The calling discipline of docs/otm-contract.md, checked directly through the C API. */
class ContractEdgeCasesTest {
    private static final OtmConfig CFG = OtmConfig.defaults().withThreads(4).withBins(8).withCapacities(2, 2);

    private static OtmApi api(OtmConfig c) {
        return OtmLibrary.load(FirmwareBuild.generate(c, CosimSupport.ROOT).artifact("lib", "libotm.so"));
    }

    @Test
    void refusedArgumentsChangeNothingAndLeaveOutUntouched() {
        OtmApi api = api(CFG);
        try (Memory m = new Memory(api.ctxBytes() + 64)) {
            Pointer ctx = m.align(64);
            assertEquals(0, api.init(ctx));
            long[] out = {777};
            assertEquals(OpResult.ERR_ARG, api.postRecv(ctx, 1, 1, 10, null));
            assertEquals(OpResult.ERR_ARG, api.postRecv(ctx, -2, 1, 10, out));
            assertEquals(OpResult.ERR_ARG, api.postRecv(ctx, 1, -9, 10, out));
            assertEquals(OpResult.POSTED, api.postRecv(ctx, 1, 1, 11, out));
            assertEquals(OpResult.POSTED, api.postRecv(ctx, 2, 2, 12, out));
            assertEquals(777, out[0], "*out is written only with OTM_MATCHED");
            // arguments are checked before capacity: the table is full, yet a bad post is ERR_ARG
            assertEquals(OpResult.ERR_ARG, api.postRecv(ctx, -3, 0, 13, out));
            assertEquals(OpResult.ERR_FULL, api.postRecv(ctx, 3, 3, 13, out));
            api.blockBegin(ctx, 1);
            assertEquals(OpResult.ERR_ARG, api.matchMsg(ctx, 0, 1, 1, 100, null));
            api.blockEnd(ctx);
            api.blockBegin(ctx, 1);
            assertEquals(OpResult.MATCHED, api.matchMsg(ctx, 0, 1, 1, 101, out));
            api.blockEnd(ctx);
            assertEquals(11, out[0], "the refused message did not consume receive 11");
            long[] s = api.stats(ctx);
            assertEquals(2, s[0], "posted");
            assertEquals(1, s[3], "matched");
            assertEquals(1, s[7], "fallbacks");
        }
    }

    /**
     * The split post: receives claimed in posting order and linked in another order are matched in
     * posting order, and a post that is not common (a wildcard, a stored message, a full table)
     * is not claimed. A link that appended at its bin's tail would match 13 before 11.
     */
    @Test
    void claimedReceivesLinkedInAnyOrderAreMatchedInPostingOrder() {
        OtmApi api = api(OtmConfig.defaults().withThreads(4).withBins(8).withCapacities(6, 2));
        int[] keys = {1, 2, 1, 1, 2, 1};  // tags, all from source 1
        int[] linkOrder = {5, 3, 0, 4, 2, 1};
        try (Memory m = new Memory(api.ctxBytes() + 64); Memory claims = new Memory((long) OtmApi.CLAIM_BYTES * keys.length)) {
            Pointer ctx = m.align(64);
            assertEquals(0, api.init(ctx));
            assertEquals(false, api.postClaim(ctx, -1, 1, claims), "a wildcard post is not common");
            for (int i = 0; i < keys.length; i++) {
                assertEquals(true, api.postClaim(ctx, 1, keys[i], claims.share((long) i * OtmApi.CLAIM_BYTES)), "post " + i);
            }
            assertEquals(false, api.postClaim(ctx, 1, 1, claims), "the table is full");
            for (int i : linkOrder) api.postLink(ctx, claims.share((long) i * OtmApi.CLAIM_BYTES), 1, keys[i], 10 + i);
            List<Long> byKey1 = new ArrayList<>(), byKey2 = new ArrayList<>();
            long[] out = {-1};
            for (int i = 0; i < keys.length; i++) {
                api.blockBegin(ctx, 1);
                assertEquals(OpResult.MATCHED, api.matchMsg(ctx, 0, 1, keys[i], 100 + i, out), "message " + i);
                api.blockEnd(ctx);
                (keys[i] == 1 ? byKey1 : byKey2).add(out[0]);
            }
            assertEquals(List.of(10L, 12L, 13L, 15L), byKey1);
            assertEquals(List.of(11L, 14L), byKey2);
            api.blockBegin(ctx, 1);
            assertEquals(OpResult.UNEXPECTED, api.matchMsg(ctx, 0, 1, 1, 200, out));
            api.blockEnd(ctx);
            assertEquals(false, api.postClaim(ctx, 1, 3, claims), "a message is stored: the post must search it");
            assertEquals(6, api.stats(ctx)[0], "posted");
        }
    }

    @Test
    void aPostMatchingAnUnexpectedMessageSucceedsWhenTheReceiveTableIsFull() {
        OtmApi api = api(CFG);
        try (Memory m = new Memory(api.ctxBytes() + 64)) {
            Pointer ctx = m.align(64);
            api.init(ctx);
            long[] out = {0};
            api.blockBegin(ctx, 1);
            assertEquals(OpResult.UNEXPECTED, api.matchMsg(ctx, 0, 5, 5, 200, out));
            api.blockEnd(ctx);
            assertEquals(OpResult.POSTED, api.postRecv(ctx, 1, 1, 1, out));
            assertEquals(OpResult.POSTED, api.postRecv(ctx, 1, 2, 2, out));
            assertEquals(OpResult.MATCHED, api.postRecv(ctx, -1, 5, 3, out));
            assertEquals(200, out[0]);
        }
    }

    @Test
    void aHeldMatcherFindsPartnersButStoresNothing() {
        OtmApi api = api(CFG);
        try (Memory m = new Memory(api.ctxBytes() + 64)) {
            Pointer ctx = m.align(64);
            api.init(ctx);
            long[] out = {0};
            assertEquals(OpResult.POSTED, api.postRecv(ctx, 1, 1, 1, out));
            api.blockBegin(ctx, 1);
            assertEquals(OpResult.UNEXPECTED, api.matchMsg(ctx, 0, 5, 5, 200, out));
            api.blockEnd(ctx);
            api.hold(ctx, true);
            assertEquals(OpResult.ERR_FULL, api.postRecv(ctx, 2, 2, 2, out), "a post without partner is refused, the table has room");
            assertEquals(OpResult.ERR_FULL, api.postRecv(ctx, -1, 9, 3, out), "so is a wildcard post");
            assertEquals(OpResult.MATCHED, api.postRecv(ctx, -1, 5, 4, out), "a post meets the stored message");
            assertEquals(200, out[0]);
            api.blockBegin(ctx, 2);
            assertEquals(OpResult.ERR_FULL, api.matchMsg(ctx, 0, 7, 7, 201, out), "a message without receive is refused");
            assertEquals(OpResult.MATCHED, api.matchMsg(ctx, 1, 1, 1, 202, out), "a message takes the stored receive");
            api.blockEnd(ctx);
            assertEquals(1, out[0]);
            api.hold(ctx, false);
            assertEquals(OpResult.POSTED, api.postRecv(ctx, 2, 2, 5, out), "released, the matcher stores again");
            api.blockBegin(ctx, 1);
            assertEquals(OpResult.UNEXPECTED, api.matchMsg(ctx, 0, 7, 7, 203, out));
            api.blockEnd(ctx);
            long[] s = api.stats(ctx);
            assertEquals(2, s[0], "posted");
            assertEquals(1, s[1], "matched_at_post");
            assertEquals(2, s[2], "unexpected: the one matched at post and the one stored");
            assertEquals(3, s[7], "fallbacks: the calls refused while held");
        }
    }

    @Test
    void contextsAreIndependentAndMayRunAtTheSameTime() throws InterruptedException {
        OtmConfig c = OtmConfig.defaults().withThreads(8).withBins(16).withCapacities(64, 32);
        OtmApi api = api(c);
        List<List<Event>> streams = CosimSupport.streams(c, 7, 32);
        AtomicReference<String> failure = new AtomicReference<>();
        List<Thread> ts = new ArrayList<>();
        for (int k = 0; k < 2; k++) {
            final int half = k;
            Thread t = new Thread(() -> {
                try (NativeCosim sim = new NativeCosim(api, c.threads())) {
                    for (int i = half; i < streams.size(); i += 2) {
                        List<Event> ev = streams.get(i);
                        String d = Expected.firstDifference(ev, Expected.of(ev, CosimSupport.caps(c), CosimSupport.hints(c)),
                                sim.run(ev));
                        if (d != null) failure.compareAndSet(null, d);
                    }
                } catch (RuntimeException e) {
                    failure.compareAndSet(null, e.toString());
                }
            });
            ts.add(t);
            t.start();
        }
        for (Thread t : ts) t.join();
        assertNull(failure.get());
    }

    /**
     * In an in-order block threads take turns; a refused message must take its turn and pass it,
     * or every younger thread waits forever (hence the timeout). A block of identical messages
     * while no wildcard receive is stored is contended whatever the timing, so the blocks after
     * it run in order; with wildcard receives posted after it, on the path the block word's
     * empty count sends them to. Each of those blocks has its refused message at another thread.
     */
    @ParameterizedTest(name = "wildcard receives stored: {0}")
    @ValueSource(booleans = {false, true})
    void aRefusedMessageOfAnInOrderBlockPassesItsTurn(boolean wild) {
        OtmConfig c = OtmConfig.defaults().withThreads(4).withBins(8).withCapacities(64, 16);
        List<Event> ev = new ArrayList<>();
        long id = 1;
        for (int i = 0; i < 24; i++) ev.add(new Event.Post(id++, 0, 0, 0));
        for (int t = 0; t < 4; t++) ev.add(new Event.Arrive(id++, 0, 0, 0));
        ev.add(new Event.BlockEnd());
        for (int i = 0; wild && i < 16; i++) ev.add(new Event.Post(id++, 0, -1, -1));
        for (int bad = 0; bad < 4; bad++) {
            for (int t = 0; t < 4; t++) ev.add(new Event.Arrive(id++, 0, t % 2, t == bad ? -5 : 0));
            ev.add(new Event.BlockEnd());
        }
        OtmApi api = api(c);
        try (NativeCosim sim = new NativeCosim(api, c.threads())) {
            // a hang detector, not a timed verdict: the run takes milliseconds (the build above is not timed)
            List<OpResult> got = assertTimeoutPreemptively(Duration.ofSeconds(60), () -> sim.run(ev), "a younger thread waits forever");
            long[] stats = sim.lastStats();
            CosimSupport.assertMatchesReference("refusals in in-order blocks", ev, c, got, stats);
            assertEquals(16, stats[OtmApi.STATS - 1], "the four blocks after the contended one ran in order: " + Arrays.toString(stats));
        }
    }
}

package tagmatch.dpa.nic;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tagmatch.dpa.BareMetal;
import tagmatch.dpa.DpaConfig;
import tagmatch.dpa.DpaResult;
import tagmatch.dpa.DpaRun;
import tagmatch.dpa.ElfImage;
import tagmatch.dpa.mem.MemLatencies;
import tagmatch.dpa.mem.MemorySetting;
import tagmatch.sim.backends.Simulators;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The block on a 1 x 2 cluster (flat memory, 8 cycles: the consumer's pace must not depend on the
 * cache settings' defaults) with consumer.c playing the handler: a post, messages, a stop; the
 * log read back is checked word for word against the script (a message's entry carries its
 * receive buffer as the consumer found it, so a buffer the block reused too early shows).
 */
class NicTest {
    private static final DpaConfig CFG = new DpaConfig(1, 2, 2, 16);
    private static final int MKEY = 2, CAP = 64;

    @TempDir
    Path dir;

    /** The script's expectations: per to-host entry, its kind|byte_cnt word, id and words after the first four. */
    private record Expect(long kindStatus, long id, long partner, long[] words) {}

    private NicOutcome run(int msgLog, int delay, int thLog, long gap, int messages, List<Expect> expect, List<long[]> descs)
            throws IOException {
        return run(msgLog, delay, thLog, gap, messages, false, -1, expect, descs);
    }

    /**
     * With {@code waitAfterPost}, the messages wait until the post's entry has been taken; with
     * {@code ack >= 0}, after the first message the block waits for its entry, then holds the rest
     * back {@code ack} cycles.
     */
    private NicOutcome run(int msgLog, int delay, int thLog, long gap, int messages, boolean waitAfterPost, long ack, List<Expect> expect,
                           List<long[]> descs) throws IOException {
        Path elf = program("consumer", "-DMSG_LOG=" + msgLog, "-DDELAY=" + delay);
        HostImage host = new HostImage(2, thLog, 17, 64, 4096);
        NicScript s = new NicScript();
        long desc = host.heap(), buf = host.heap() + 64;
        long[] d = OtmQueues.recvDesc(buf, CAP, MKEY);
        long[] post = OtmQueues.post(0, 3, 7, 0, buf, CAP, MKEY);
        s.host(desc, d).command(post, OtmQueues.CMD_BYTES);
        expect.add(new Expect(1L | (long) OtmQueues.CMD_BYTES << 32, 0, 0, post));
        descs.add(d);
        if (waitAfterPost) s.waitTaken(1);
        s.gap(gap);
        for (int k = 1; k <= messages; k++) {
            byte[] payload = new byte[k % 9 * 7];
            for (int i = 0; i < payload.length; i++) payload[i] = (byte) (k * 31 + i);
            long[] m = OtmQueues.wireMessage(k, k % 3, 100 + k, OtmQueues.PROTO_EAGER, payload.length, 0, 0, payload);
            int bc = OtmQueues.wireByteCount(OtmQueues.PROTO_EAGER, payload.length);
            s.message(m, bc);
            if (k == 1 && ack >= 0) s.waitTaken(2).delay(ack);
            expect.add(new Expect(2L | (long) bc << 32, k, -1, m));
        }
        long[] stop = OtmQueues.stop(messages + 1);
        s.command(stop, OtmQueues.CMD_BYTES);
        expect.add(new Expect(1L | (long) OtmQueues.CMD_BYTES << 32, 0, messages + 1, stop));
        host.script(s);
        DpaRun dpa = DpaRun.build(CFG, Simulators.defaultBackend());
        NicOutcome o = dpa.run(ElfImage.read(elf, CFG.ramBytes()), DpaRun.Options.defaults().withLatency(8).withMaxCycles(2_000_000), host,
                List.of(new NicOutcome.HostRange(desc, 4)));
        assertEquals(DpaResult.Outcome.EXIT, o.result().outcome(), () -> String.valueOf(o.result()));
        assertEquals(0, o.result().exitCode());
        return o;
    }

    /** Every entry as expected; returns the cycles at which the consumer saw each message. */
    private static List<Long> checkLog(NicOutcome o, List<Expect> expect, int messages) {
        assertEquals(messages, o.landed());
        assertEquals(2, o.commands());
        assertEquals(expect.size(), o.taken());
        assertEquals(1, o.done());
        List<Long> seen = new ArrayList<>();
        for (int i = 0; i < expect.size(); i++) {
            long[] w = o.log().get(i);
            Expect e = expect.get(i);
            int ii = i;
            assertEquals(i + 1, w[0], () -> "stamp of entry " + ii);
            assertEquals(e.kindStatus(), w[1], () -> "kind and byte_cnt of entry " + ii);
            assertEquals(e.id(), w[2], () -> "id of entry " + ii);
            if (e.partner() >= 0) assertEquals(e.partner(), w[3], () -> "partner of entry " + ii);
            else seen.add(w[3]);
            long[] rest = Arrays.copyOfRange(w, 4, 4 + e.words().length);
            assertArrayEquals(e.words(), rest, () -> "words of entry " + ii);
        }
        assertTrue(o.firstCqe() > 0 && o.lastTake() > o.firstCqe(), () -> o.firstCqe() + " .. " + o.lastTake());
        return seen;
    }

    @Test
    void messagesAtASetRateArriveInOrderAndSpacedByTheGap() throws IOException {
        List<Expect> expect = new ArrayList<>();
        List<long[]> descs = new ArrayList<>();
        long gap = 3000;
        int n = 6;
        NicOutcome o = run(2, 0, 3, gap, n, expect, descs);
        List<Long> seen = checkLog(o, expect, n);
        assertEquals(0, o.stalls(), "a consumer faster than the gap never fills the ring");
        // from the second message on (the first waits behind the post), message k + 1 is seen about k gaps after the second
        for (int k = 2; k < n; k++) {
            long d = seen.get(k) - seen.get(1);
            int kk = k;
            assertTrue(Math.abs(d - (k - 1) * gap) <= 1000, () -> "message " + (kk + 1) + " seen " + d + " cycles after the second");
        }
        assertArrayEquals(descs.get(0), o.reads().values().iterator().next(), "the descriptor the HOST record wrote");
    }

    @Test
    void asFastAsATinyRingAndASlowConsumerAllowNothingIsLost() throws IOException {
        List<Expect> expect = new ArrayList<>();
        List<long[]> descs = new ArrayList<>();
        int delay = 2000, n = 8;
        NicOutcome o = run(1, delay, 1, 0, n, expect, descs);
        List<Long> seen = checkLog(o, expect, n);
        assertTrue(o.stalls() > (long) (n - 2) * delay / 2, () -> "back-pressure: the block waited " + o.stalls() + " cycles for room");
        for (int k = 1; k < n; k++) {
            int kk = k;
            assertTrue(seen.get(k) - seen.get(k - 1) >= delay, () -> "message " + (kk + 1) + " came before the consumer was ready");
        }
    }

    @Test
    void aWaitHoldsTheMessagesBackUntilThePostsEntryIsTakenAndStampsWhenItEnded() throws IOException {
        List<Expect> expect = new ArrayList<>();
        List<long[]> descs = new ArrayList<>();
        NicOutcome o = run(2, 0, 3, 0, 3, true, -1, expect, descs);
        checkLog(o, expect, 3);
        assertTrue(o.waitEnd() > 0 && o.waitEnd() < o.firstCqe(), () -> "wait ended at " + o.waitEnd() + ", first message landed at " + o.firstCqe());
        NicOutcome plain = run(2, 0, 3, 0, 3, false, -1, new ArrayList<>(), new ArrayList<>());
        assertEquals(0, plain.waitEnd(), "no WAIT record, no stamp");
    }

    @Test
    void aDelayAfterAWaitHoldsTheNextMessageBackThatLong() throws IOException {
        long ack = 6000;
        List<Expect> e1 = new ArrayList<>(), e2 = new ArrayList<>();
        List<Long> held = checkLog(run(2, 0, 3, 0, 3, false, ack, e1, new ArrayList<>()), e1, 3);
        List<Long> free = checkLog(run(2, 0, 3, 0, 3, false, 0, e2, new ArrayList<>()), e2, 3);
        assertTrue(held.get(1) - held.get(0) >= ack, () -> "the second message seen " + (held.get(1) - held.get(0)) + " cycles after the first");
        assertTrue(free.get(1) - free.get(0) < ack / 2, () -> "without a delay, " + (free.get(1) - free.get(0)) + " cycles");
        assertTrue(held.get(2) - held.get(1) < ack / 2, "the delay holds back only the message after it");
    }

    @Test
    void theBlockCountsEachHartsHostLoadAMOAndStore() throws IOException {
        HostImage host = new HostImage(2, 3, 17, 4, 4096);
        int loads = 7, amos = 3, stores = 5;
        Path elf = program("host_accesses", "-DLOADS=" + loads, "-DAMOS=" + amos, "-DSTORES=" + stores, "-DHEAP=" + host.heap() + "UL");
        NicOutcome o = DpaRun.build(CFG, Simulators.defaultBackend()).run(ElfImage.read(elf, CFG.ramBytes()),
                DpaRun.Options.defaults().withLatency(8).withHarts(1), host, List.of());
        assertEquals(DpaResult.Outcome.EXIT, o.result().outcome(), () -> String.valueOf(o.result()));
        assertEquals(0, o.result().exitCode(), "the loads saw the stores and AMOs");
        assertEquals(new HostAccesses(loads, amos, stores), o.host());
    }

    /**
     * Nothing a run with the block measures starts before the driver starts it, so the set-up
     * before {@code GO} goes at an L1 hit's cost; from {@code GO} on every access costs what the
     * memory setting says.
     */
    @Test
    void theSetUpBeforeGoGoesAtL1CostAndTheRunAtTheSettingsCosts() throws IOException {
        HostImage host = new HostImage(2, 3, 17, 4, 4096);
        Path elf = program("set_up_cost", "-DHEAP=" + host.heap() + "UL");
        MemLatencies likely = MemorySetting.LIKELY.latencies();
        NicOutcome o = DpaRun.build(CFG, Simulators.defaultBackend()).run(ElfImage.read(elf, CFG.ramBytes()),
                DpaRun.Options.defaults().withMemory(MemorySetting.LIKELY).withHarts(1), host, List.of());
        assertEquals(DpaResult.Outcome.EXIT, o.result().outcome(), () -> String.valueOf(o.result()));
        String[] f = o.result().console().trim().split(" ");
        long before = Long.parseLong(f[1]), after = Long.parseLong(f[3]);
        assertTrue(before < likely.l2(), "a host load before GO costs about an L1 hit (" + likely.l1() + "): " + before);
        assertTrue(after >= likely.host(), "a host load after GO costs the host latency (" + likely.host() + "): " + after);
    }

    /** The test program {@code name}.c of this package, compiled for the cluster with {@code defines}. */
    private Path program(String name, String... defines) throws IOException {
        Path src = dir.resolve(name + ".c");
        try (InputStream in = NicTest.class.getResourceAsStream(name + ".c")) {
            Files.copy(in, src, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
        }
        List<String> flags = new ArrayList<>(List.of("-O2", "-Wall", "-Wextra", "-Werror"));
        flags.addAll(List.of(defines));
        return BareMetal.compile(List.of(src), dir.resolve(name + ".elf"), flags);
    }
}

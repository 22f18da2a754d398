package tagmatch.alpu.rtl;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import tagmatch.alpu.AlpuConfig;
import tagmatch.alpu.Pipelining;
import tagmatch.alpu.Variant;
import tagmatch.alpu.model.AlpuScoreboard;
import tagmatch.alpu.model.Command;
import tagmatch.alpu.model.Kind;
import tagmatch.alpu.model.PortSample;
import tagmatch.alpu.model.Request;
import tagmatch.hdl.core.Pins;

import java.io.IOException;
import java.math.BigInteger;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * The generated ALPU in a four-state event-driven simulator (Icarus Verilog): after reset no
 * output is ever X, whatever cells were never written, and the unit answers every request
 * exactly as the datasheet says (the port scoreboard). Each configuration is driven partially
 * filled, then full, through RESET, deletes, compaction under back-pressure and insert mode
 * ({@link #script}); data pins are X whenever their valid is low.
 */
class FourStateCleanTest {
    @TempDir
    Path dir;

    /** Every register stage on and off at a size where each one takes effect (four blocks). */
    static Stream<Pipelining> pipelinings() {
        return Stream.of(Pipelining.NONE, Pipelining.SEED, Pipelining.DEFAULT,
                new Pipelining(true, true, true, true, true),
                new Pipelining(true, false, false, false, false),
                new Pipelining(true, false, false, false, true),
                new Pipelining(false, true, false, false, false),
                new Pipelining(false, false, true, false, false),
                new Pipelining(false, false, false, true, false));
    }

    static Stream<Arguments> configs() {
        List<Arguments> out = new ArrayList<>();
        for (Variant v : Variant.values()) {
            out.add(Arguments.of(AlpuConfig.seed(2, 2, v)));
            out.add(Arguments.of(AlpuConfig.seed(2, 2, v).withPipelining(Pipelining.NONE)));
            pipelinings().forEach(p -> out.add(Arguments.of(AlpuConfig.seed(16, 4, v).withPipelining(p))));
            // one carry chain (narrow match) and six (wide), small FIFOs
            out.add(Arguments.of(AlpuConfig.of(16, 8, 12, 3, v).withFifoDepths(2, 2, 2)));
            out.add(Arguments.of(AlpuConfig.of(16, 2, 128, 32, v)));
            out.add(Arguments.of(AlpuConfig.seed(256, 8, v)));
        }
        return out.stream();
    }

    @ParameterizedTest
    @MethodSource("configs")
    void noOutputIsEverXAndEveryRequestIsAnswered(AlpuConfig cfg) throws IOException {
        check(cfg, script(cfg, cfg.cells() / 8, true));
    }

    /** The largest size, partially filled only: filling 1024 cells one INSERT a cycle costs most of a minute in iverilog. */
    @Test
    void largestUnitPartiallyFilledIsNeverX() throws IOException {
        check(AlpuConfig.seed(1024, 32, Variant.PRQ), script(AlpuConfig.seed(1024, 32, Variant.PRQ), 32, false));
    }

    /** The 256-cell PRQ with every cell written answers back-to-back matches at its stated interval. */
    @Test
    void fullSeedUnitMatchesAtItsInterval() throws IOException {
        AlpuConfig cfg = AlpuConfig.seed(256, 8, Variant.PRQ);
        List<FourStateBench.Phase> phases = new ArrayList<>();
        List<Entry> entries = entries(cfg, 256, 1);
        phases.add(new FourStateBench.Phase(inserts(entries), List.of(), false));
        List<Request> reqs = new ArrayList<>();
        for (int i = 0; i < 48; i++) reqs.add(matching(cfg, entries.get((i * 37) % entries.size()), new Random(i)));
        phases.add(new FourStateBench.Phase(List.of(), reqs, false));
        FourStateBench.Run run = check(cfg, phases);
        AlpuPorts ports = AlpuPorts.of(cfg);
        List<Long> answers = new ArrayList<>();
        for (FourStateBench.Cycle c : run.cycles()) {
            PortSample s = FourStateBench.sample(ports, run, c);
            if (c.phase() == 2 && s.rspFire() && s.rspKind() == Kind.MATCH_SUCCESS.code) answers.add(c.cycle());
        }
        assertEquals(48, answers.size(), "every request matches an entry");
        int interval = AlpuTiming.of(cfg).matchInterval();
        // the first few answers fill the pipeline; from then on one answer every interval
        for (int i = 8; i < answers.size(); i++) {
            assertEquals(interval, answers.get(i) - answers.get(i - 1), "cycles between answers " + (i - 1) + " and " + i);
        }
    }

    /** Runs the script; fails naming the pin and cycle of the first X, any scoreboard violation, or a request never answered. */
    private FourStateBench.Run check(AlpuConfig cfg, List<FourStateBench.Phase> phases) throws IOException {
        FourStateBench.Run run = FourStateBench.run(cfg, phases, dir);
        AlpuPorts ports = AlpuPorts.of(cfg);
        List<String> xs = new ArrayList<>();
        for (FourStateBench.Cycle c : run.cycles()) {
            if (BigInteger.ONE.equals(c.pins().get(run.index(AlpuPorts.RST)))) continue;
            for (Pins.Pin p : ports.outputs()) {
                if (c.pins().get(run.index(p)) == null) xs.add(p.name() + " at cycle " + c.cycle() + " (phase " + c.phase() + ")");
            }
        }
        assertTrue(xs.isEmpty(), () -> cfg + ": X on " + xs.size() + " output samples after reset, first: "
                + String.join("; ", xs.subList(0, Math.min(8, xs.size()))));
        assertTrue(run.finished(), cfg + ": the bench ran out of cycles before every phase was done");
        AlpuScoreboard sb = new AlpuScoreboard(cfg, AlpuTiming.of(cfg).r9Bound());
        for (FourStateBench.Cycle c : run.cycles()) sb.observe(FourStateBench.sample(ports, run, c));
        assertEquals(0, sb.outstandingRequests(), cfg + ": requests never answered");
        int requests = phases.stream().mapToInt(p -> p.requests().size()).sum();
        assertEquals(requests, sb.requestsSeen(), cfg + ": requests accepted");
        if (sb.idleChecks() == 0) fail(cfg + ": the bench never idled long enough to compare the status outputs");
        return run;
    }

    private record Entry(BigInteger match, BigInteger mask, long tag) {}

    /**
     * Partially filled ({@code some} entries) and matched; with {@code fillEveryCell}, RESET and
     * filled to the last cell, deleted back to back and refilled while matching (compaction under
     * back-pressure); a request held in insert mode until its entry arrives; RESET and a partial
     * fill again (the cells written before hold stale data, invalid).
     */
    static List<FourStateBench.Phase> script(AlpuConfig cfg, int some, boolean fillEveryCell) {
        int n = cfg.cells();
        int k = Math.max(1, some);
        Random rnd = new Random(cfg.cells() * 31L + cfg.matchWidth());
        List<FourStateBench.Phase> phases = new ArrayList<>();
        List<Entry> part = entries(cfg, k, 1);
        phases.add(new FourStateBench.Phase(inserts(part), List.of(), false));
        List<Request> reqs = new ArrayList<>();
        for (int i = 0; i < Math.min(k, 24); i++) {
            reqs.add(i % 3 == 2 ? missing(cfg, rnd) : matching(cfg, part.get(rnd.nextInt(part.size())), rnd));
        }
        phases.add(new FourStateBench.Phase(List.of(), reqs, true));
        if (fillEveryCell) {
            List<Entry> full = entries(cfg, n, 2);
            List<Command> fill = new ArrayList<>();
            fill.add(Command.RESET);
            fill.addAll(inserts(full));
            phases.add(new FourStateBench.Phase(fill, List.of(), false));
            int del = Math.min(n / 2 + 1, 32);
            reqs = new ArrayList<>();
            for (int i = 0; i < del; i++) reqs.add(matching(cfg, full.get(rnd.nextInt(n)), rnd));
            phases.add(new FourStateBench.Phase(List.of(), reqs, false));
            List<Entry> more = entries(cfg, Math.min(del, 8), 3);
            reqs = new ArrayList<>();
            for (int i = 0; i < 8; i++) reqs.add(i % 2 == 0 ? matching(cfg, full.get(rnd.nextInt(n)), rnd) : missing(cfg, rnd));
            phases.add(new FourStateBench.Phase(inserts(more), reqs, true));
        }
        Entry late = entries(cfg, 1, 4).get(0);
        phases.add(new FourStateBench.Phase(List.of(Command.RESET, Command.START_INSERT), List.of(), false));
        phases.add(new FourStateBench.Phase(List.of(), List.of(matching(cfg, late, rnd)), false));
        phases.add(new FourStateBench.Phase(List.of(Command.insert(late.match(), late.mask(), late.tag()), Command.STOP_INSERT),
                List.of(), false));
        List<Entry> again = entries(cfg, k, 5);
        List<Command> refill = new ArrayList<>();
        refill.add(Command.RESET);
        refill.addAll(inserts(again));
        phases.add(new FourStateBench.Phase(refill, List.of(), false));
        reqs = new ArrayList<>();
        for (int i = 0; i < Math.min(k, 8); i++) reqs.add(matching(cfg, again.get(rnd.nextInt(k)), rnd));
        phases.add(new FourStateBench.Phase(List.of(), reqs, false));
        return phases;
    }

    /** {@code count} entries with distinct-looking keys; on PRQ every fourth has wildcard low bits. */
    private static List<Entry> entries(AlpuConfig cfg, int count, int seed) {
        Random rnd = new Random(seed * 1_000_003L + cfg.cells());
        int w = cfg.matchWidth();
        List<Entry> out = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            BigInteger match = new BigInteger(w, rnd);
            BigInteger mask = cfg.variant() == Variant.PRQ && i % 4 == 3 ? ones(Math.min(4, w - 1)) : BigInteger.ZERO;
            out.add(new Entry(match, mask, (seed * 4099L + i) & ((1L << cfg.tagWidth()) - 1)));
        }
        return out;
    }

    /** The entries inserted in one insert mode: START_INSERT, an INSERT each, STOP_INSERT. */
    private static List<Command> inserts(List<Entry> entries) {
        List<Command> out = new ArrayList<>();
        out.add(Command.START_INSERT);
        for (Entry e : entries) out.add(Command.insert(e.match(), e.mask(), e.tag()));
        out.add(Command.STOP_INSERT);
        return out;
    }

    /** A request the entry matches; on UMQ every third one with wildcard low bits of its own. */
    private static Request matching(AlpuConfig cfg, Entry e, Random rnd) {
        BigInteger noise = new BigInteger(cfg.matchWidth(), rnd);
        BigInteger match = e.match().andNot(e.mask()).or(noise.and(e.mask()));
        BigInteger mask = cfg.variant() == Variant.UMQ && rnd.nextInt(3) == 0 ? ones(Math.min(3, cfg.matchWidth() - 1)) : BigInteger.ZERO;
        return new Request(match, mask);
    }

    private static Request missing(AlpuConfig cfg, Random rnd) {
        return new Request(new BigInteger(cfg.matchWidth(), rnd), BigInteger.ZERO);
    }

    private static BigInteger ones(int bits) {
        return BigInteger.ONE.shiftLeft(Math.max(0, bits)).subtract(BigInteger.ONE);
    }
}

package tagmatch.sim.peekpoke;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static tagmatch.hdl.core.Hdl.*;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import tagmatch.hdl.core.Bool;
import tagmatch.hdl.core.Bundle;
import tagmatch.hdl.core.Elaborator;
import tagmatch.hdl.core.Module;
import tagmatch.hdl.core.SInt;
import tagmatch.hdl.core.UInt;
import tagmatch.hdl.core.Vec;
import tagmatch.hdl.ir.Circuit;
import tagmatch.hdl.lib.Stream;
import tagmatch.hdl.lib.SyncFifo;
import tagmatch.sim.backends.Simulators;

/** The testbench API on every backend: bundle values, expect messages, lockstep threads, internal signals. */
class TestbenchTest {
    static final class Request extends Bundle {
        final UInt tag = field("tag", UInt(12));
        final Bool wild = field("wild", Bool());
        final SInt delta = field("delta", SInt(4));
    }

    record Req(long tag, boolean wild, long delta) {}

    /** A FIFO of requests with a Vec side port that sums its elements. */
    static final class Queue extends Module {
        final Stream<Request> in = input(new Stream<>(new Request()));
        final Stream<Request> out = output(new Stream<>(new Request()));
        final Vec<UInt> parts = input(Vec(3, () -> UInt(4)));
        final UInt sum = output(UInt(6));

        Queue() {
            SyncFifo<Request> q = instance("fifo", new SyncFifo<>(4, new Request()));
            q.enq.connect(in);
            out.connect(q.deq);
            sum.set(parts.get(0).pad(6).add(parts.get(1).pad(6)).add(parts.get(2).pad(6)));
        }
    }

    private static Testbench bench(String backend) {
        Circuit c = Elaborator.elaborate(Queue::new);
        InternalSignals.expose(c, "fifo.total");
        return Testbench.of(Simulators.of(backend, c));
    }

    @ParameterizedTest
    @ValueSource(strings = {"verilator", "compiled", "interpreter"})
    void aRecordGoesInAsABundleAndComesBackAsOne(String backend) {
        Testbench tb = bench(backend);
        Handle<Stream<Request>> in = tb.port("in", new Stream<>(new Request()));
        Handle<Stream<Request>> out = tb.port("out", new Stream<>(new Request()));
        tb.reset();
        tb.poke(in, Map.of("valid", true, "bits", new Req(0xABC, true, -3)));
        tb.poke(out, Map.of("ready", false));
        tb.step();
        tb.poke(in, Map.of("valid", false));
        tb.expect(out, Map.of("valid", true, "bits", new Req(0xABC, true, -3)), "the request that went in");
        assertEquals(new Req(0xABC, true, 13), tb.peek(tb.port("out_bits", new Request()), Req.class), "delta as its 4 bits");
        assertEquals(Map.of("tag", 0xABCL, "wild", true, "delta", 13L), ((Map<?, ?>) tb.peek(out)).get("bits"));
        Handle<Vec<UInt>> parts = tb.port("parts", Vec(3, () -> UInt(4)));
        tb.poke(parts, List.of(1, 2, 15));
        assertEquals(18, tb.peekLong(tb.port("sum")));
        assertEquals(List.of(1L, 2L, 15L), tb.peek(parts));
        assertEquals(1, tb.peekLong(tb.internal("fifo.total")), "words in the FIFO, read inside it");
    }

    @ParameterizedTest
    @ValueSource(strings = {"verilator", "interpreter"})
    void aFailedExpectNamesTheCycleThePortAndBothValues(String backend) {
        Testbench tb = bench(backend);
        Handle<Stream<Request>> out = tb.port("out", new Stream<>(new Request()));
        tb.reset(2);
        tb.step(3);
        AssertionError e = assertThrows(AssertionError.class,
                () -> tb.expect(out, Map.of("valid", true, "bits", Map.of("tag", 0x12)), "a word is waiting"));
        assertEquals("cycle 5: out expected {valid=1, ready=_, bits={tag=0x12, wild=_, delta=_}} but was "
                + "{valid=0, ready=0, bits={tag=0, wild=0, delta=0}}: a word is waiting", e.getMessage());
    }

    @ParameterizedTest
    @ValueSource(strings = {"verilator", "interpreter"})
    void threadsStepInLockstepInTheOrderTheyWereForked(String backend) {
        List<String> first = lockstepTrace(backend);
        assertEquals(first, lockstepTrace(backend), "a second run is the same");
        assertEquals(List.of("main forks at 2", "producer offers 1 at 2", "consumer waits at 2", "main joins at 2",
                "producer offers 2 at 3", "consumer takes 1 at 3", "producer offers 3 at 4", "consumer takes 2 at 4",
                "producer done at 5", "consumer takes 3 at 5", "main done at 5"), first);
    }

    /** A producer offers three words, a consumer waits for each; their events in order with the cycle. */
    private static List<String> lockstepTrace(String backend) {
        Testbench tb = bench(backend);
        Handle<Stream<Request>> in = tb.port("in", new Stream<>(new Request()));
        Handle<Stream<Request>> out = tb.port("out", new Stream<>(new Request()));
        List<String> log = new ArrayList<>();
        tb.reset(2);
        tb.run(() -> {
            log.add("main forks at " + tb.cycle());
            TestThread producer = tb.fork("producer", () -> {
                for (int tag = 1; tag <= 3; tag++) {
                    log.add("producer offers " + tag + " at " + tb.cycle());
                    tb.poke(in, Map.of("valid", true, "bits", new Req(tag, false, 0)));
                    tb.waitUntil(in, Map.of("ready", true));
                    tb.step();
                }
                tb.poke(in, Map.of("valid", false));
                log.add("producer done at " + tb.cycle());
            });
            TestThread consumer = tb.fork("consumer", () -> {
                log.add("consumer waits at " + tb.cycle());
                tb.poke(out, Map.of("ready", true));
                for (int n = 0; n < 3; n++) {
                    tb.step();
                    tb.waitUntil(out, Map.of("valid", true));
                    log.add("consumer takes " + tb.peek(tb.port("out_bits_tag")) + " at " + tb.cycle());
                }
            });
            log.add("main joins at " + tb.cycle());
            producer.join();
            consumer.join();
            log.add("main done at " + tb.cycle());
        });
        return log;
    }

    /** Two clocks: the main one, and clk2 for a register counting its own edges. */
    static final class TwoClocks extends Module {
        final Bool clk2 = input(Bool());
        final UInt fast = output(UInt(8));
        final UInt slow = output(UInt(8));

        TwoClocks() {
            UInt a = regInit(UInt(8), 0).named("a");
            a.set(a.add(1));
            fast.set(a);
            UInt[] b = new UInt[1];
            withClock(clk2, () -> b[0] = reg(UInt(8)).named("b"));
            b[0].set(b[0].add(1));
            slow.set(b[0]);
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"verilator", "compiled", "interpreter"})
    void aThreadTickingASecondClockRunsItsDomainAtItsOwnRate(String backend) {
        Testbench tb = Testbench.of(Simulators.of(backend, Elaborator.elaborate(TwoClocks::new)));
        Handle<UInt> clk2 = tb.port("clk2");
        tb.reset();
        tb.run(() -> {
            tb.fork("clk2", () -> {
                for (;; tb.step(3)) tb.tick(clk2);
            });
            tb.step(30);
            tb.expect(tb.port("fast"), 30, "one count per main cycle since reset");
            tb.expect(tb.port("slow"), 10, "one count per third main cycle");
        });
    }

    @ParameterizedTest
    @ValueSource(strings = {"interpreter"})
    void aFailingThreadFailsTheRunAndAWaitThatNeverEndsTimesOut(String backend) {
        Testbench tb = bench(backend);
        Handle<Stream<Request>> out = tb.port("out", new Stream<>(new Request()));
        tb.reset();
        AssertionError failed = assertThrows(AssertionError.class, () -> tb.run(() -> {
            tb.fork("checker", () -> {
                tb.step(2);
                tb.expect(out, Map.of("valid", true), "something came out");
            });
            tb.step(10);
        }));
        assertEquals("testbench thread checker: cycle 3: out expected {valid=1, ready=_, bits={tag=_, wild=_, delta=_}} but was "
                + "{valid=0, ready=0, bits={tag=0, wild=0, delta=0}}: something came out", failed.getMessage());
        AssertionError timedOut = assertThrows(AssertionError.class, () -> tb.timeout(20).run(() -> tb.waitUntil(out, Map.of("valid", true))));
        assertTrue(timedOut.getMessage().contains("did not finish within 20 cycles; main waits on waitUntil out = {valid=1,"), timedOut.getMessage());
    }

    @ParameterizedTest
    @ValueSource(strings = {"interpreter"})
    void badHandlesAndValuesNameWhatIsLegal(String backend) {
        Testbench tb = bench(backend);
        Handle<Stream<Request>> in = tb.port("in", new Stream<>(new Request()));
        assertEquals("cannot poke in_ready: it is an output of the design",
                assertThrows(IllegalArgumentException.class, () -> tb.poke(in, Map.of("ready", 1))).getMessage());
        assertEquals("in_bits: Request has no field 'tagg'; its fields are [tag, wild, delta]",
                assertThrows(IllegalArgumentException.class, () -> tb.poke(in, Map.of("bits", Map.of("tagg", 1)))).getMessage());
        assertEquals("in_bits_tag: 4096 does not fit 12 bits",
                assertThrows(IllegalArgumentException.class, () -> tb.poke(in, Map.of("bits", Map.of("tag", 4096)))).getMessage());
        assertTrue(assertThrows(IllegalArgumentException.class, () -> tb.port("inn", new Stream<>(new Request()))).getMessage()
                .startsWith("port inn as Stream: the design has no port inn_valid; its ports are ["));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> tb.internal("fifo.head")).getMessage()
                .contains("InternalSignals.expose(circuit, \"fifo.head\")"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> InternalSignals.expose(Elaborator.elaborate(Queue::new), "fifo.nosuch"))
                .getMessage().startsWith("internal signal fifo.nosuch: module SyncFifo has no signal 'nosuch'; its signals are ["));
        assertEquals("fork must be called inside Testbench.run",
                assertThrows(IllegalStateException.class, () -> tb.fork("x", () -> {})).getMessage());
    }
}

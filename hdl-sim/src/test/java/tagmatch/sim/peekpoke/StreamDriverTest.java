package tagmatch.sim.peekpoke;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import tagmatch.hdl.core.Elaborator;
import tagmatch.hdl.core.UInt;
import tagmatch.hdl.ir.Circuit;
import tagmatch.hdl.lib.SyncFifo;
import tagmatch.sim.Simulator;
import tagmatch.sim.backends.Simulators;

/** Stream drivers through a FIFO on every backend: all payloads in order under back-pressure, and timeouts named. */
class StreamDriverTest {
    private static Circuit fifo() {
        return Elaborator.elaborate(() -> new SyncFifo<>(4, new UInt(8)));
    }

    @ParameterizedTest
    @ValueSource(strings = {"verilator", "compiled", "interpreter"})
    void everyPayloadComesOutInOrderUnderBackPressure(String backend) {
        try (Simulator s = Simulators.of(backend, fifo())) {
            Testbench tb = Testbench.of(s);
            tb.reset();
            StreamDriver<UInt> in = StreamDriver.of(tb, "enq", new UInt(8));
            StreamDriver<UInt> out = StreamDriver.of(tb, "deq", new UInt(8)).backPressure(new Random(3), 0.6);
            List<Object> got = new ArrayList<>();
            tb.run(() -> {
                tb.fork("producer", () -> {
                    for (int i = 0; i < 24; i++) in.enqueue((long) (i * 7 % 256));
                });
                for (int i = 0; i < 12; i++) out.expectDequeue((long) (i * 7 % 256));
                for (int i = 12; i < 24; i++) got.add(out.dequeue());
            });
            for (int i = 12; i < 24; i++) assertEquals((long) (i * 7 % 256), ((Number) got.get(i - 12)).longValue(), backend);
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"verilator", "compiled", "interpreter"})
    void aStreamThatStaysEmptyOrFullTimesOutByName(String backend) {
        try (Simulator s = Simulators.of(backend, fifo())) {
            Testbench tb = Testbench.of(s);
            tb.reset();
            StreamDriver<UInt> out = StreamDriver.of(tb, "deq", new UInt(8)).timeout(5);
            AssertionError empty = assertThrows(AssertionError.class, () -> out.expectDequeue(1L));
            assertTrue(empty.getMessage().contains("stream deq offered nothing within 5 cycles, expected 1"), empty.getMessage());
            StreamDriver<UInt> in = StreamDriver.of(tb, "enq", new UInt(8)).timeout(3);
            for (int i = 0; i < 4; i++) in.enqueue((long) i);
            AssertionError full = assertThrows(AssertionError.class, () -> in.enqueue(9L));
            assertTrue(full.getMessage().contains("stream enq did not take 9 within 3 cycles"), full.getMessage());
        }
    }
}

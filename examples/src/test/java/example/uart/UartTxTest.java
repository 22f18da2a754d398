package example.uart;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import tagmatch.hdl.core.Elaborator;
import tagmatch.hdl.core.UInt;
import tagmatch.hdl.ir.Circuit;
import tagmatch.hdl.lib.Stream;
import tagmatch.sim.backends.Simulators;
import tagmatch.sim.peekpoke.Handle;
import tagmatch.sim.peekpoke.TestThread;
import tagmatch.sim.peekpoke.Testbench;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** A sender thread feeds bytes; a receiver thread decodes the line as a UART would, mid-bit. */
class UartTxTest {
    private static final int CLOCKS_PER_BIT = 5;
    private static final byte[] MESSAGE = "Hello, UART\n".getBytes(java.nio.charset.StandardCharsets.US_ASCII);

    @ParameterizedTest
    @ValueSource(strings = {"verilator", "interpreter"})
    void theReceiverDecodesEveryByteSent(String backend) {
        Circuit c = Elaborator.elaborate(() -> new UartTx(CLOCKS_PER_BIT));
        Testbench tb = Testbench.of(Simulators.of(backend, c));
        Handle<Stream<UInt>> in = tb.port("in", new Stream<>(new UInt(8)));
        Handle<UInt> txd = tb.port("txd");
        List<Integer> received = new ArrayList<>();
        tb.reset();
        tb.run(() -> {
            tb.fork("sender", () -> {
                for (byte b : MESSAGE) {
                    tb.poke(in, Map.of("valid", true, "bits", b & 0xFF));
                    tb.waitUntil(in, Map.of("ready", true));
                    tb.step();
                }
                tb.poke(in, Map.of("valid", false));
            });
            TestThread receiver = tb.fork("receiver", () -> {
                tb.expect(txd, 1, "the line idles high");
                while (received.size() < MESSAGE.length) {
                    tb.waitUntil(txd, 0);
                    tb.step(CLOCKS_PER_BIT / 2);
                    tb.expect(txd, 0, "the start bit lasts a whole bit");
                    int value = 0;
                    for (int bit = 0; bit < 8; bit++) {
                        tb.step(CLOCKS_PER_BIT);
                        value |= (int) tb.peekLong(txd) << bit;
                    }
                    tb.step(CLOCKS_PER_BIT);
                    tb.expect(txd, 1, "stop bit of byte " + received.size());
                    received.add(value);
                }
            });
            receiver.join();
        });
        List<Integer> sent = new ArrayList<>();
        for (byte b : MESSAGE) sent.add(b & 0xFF);
        assertEquals(sent, received);
    }
}

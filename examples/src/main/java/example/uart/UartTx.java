package example.uart;

import tagmatch.hdl.core.Bool;
import tagmatch.hdl.core.Module;
import tagmatch.hdl.core.UInt;
import tagmatch.hdl.lib.Stream;

import static tagmatch.hdl.core.Hdl.*;

/**
 * A UART transmitter, 8N1: each byte taken from {@code in} goes out on {@code txd} as a start
 * bit (0), eight data bits least significant first, and a stop bit (1), each bit
 * {@code clocksPerBit} cycles long. The line idles at 1; {@code in} is ready while nothing is
 * being sent.
 */
public final class UartTx extends Module {
    final Stream<UInt> in = input(new Stream<>(UInt(8)));
    final Bool txd = output(Bool());

    public UartTx(int clocksPerBit) {
        if (clocksPerBit < 2) throw new IllegalArgumentException("UartTx clocksPerBit must be >= 2, got " + clocksPerBit);
        param("clocksPerBit", clocksPerBit);
        int tw = 32 - Integer.numberOfLeadingZeros(clocksPerBit - 1);
        // the frame still to send, least significant bit on the line: stop, data, start
        UInt frame = regInit(UInt(10), 0x3FF).named("frame");
        UInt bitsLeft = regInit(UInt(4), 0).named("bits_left");
        UInt timer = regInit(UInt(tw), 0).named("timer");
        Bool idle = bitsLeft.eq(0).named("idle");
        Bool bitDone = timer.eq(clocksPerBit - 1).named("bit_done");

        in.ready.set(idle);
        when(in.fire(), () -> {
            frame.set(cat(lit(1, 1), in.bits, lit(0, 1)));
            bitsLeft.set(10);
            timer.set(0);
        }).elseWhen(idle.not(), () -> {
            when(bitDone, () -> {
                timer.set(0);
                frame.set(cat(lit(1, 1), frame.bits(9, 1)));
                bitsLeft.set(bitsLeft.sub(1));
            }).otherwise(() -> timer.set(timer.add(1)));
        });
        txd.set(frame.bit(0));
    }
}

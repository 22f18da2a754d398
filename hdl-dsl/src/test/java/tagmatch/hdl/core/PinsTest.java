package tagmatch.hdl.core;

import org.junit.jupiter.api.Test;
import tagmatch.hdl.ir.Circuit;
import tagmatch.hdl.ir.Direction;
import tagmatch.hdl.ir.Port;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static tagmatch.hdl.core.Hdl.*;

/** The pins {@link Pins#of} lists for a bundle are exactly the ports a module declared with that bundle has. */
class PinsTest {
    static final class Channel extends Bundle {
        final Bool valid = field("valid", new Bool());
        final Bool ready = flipped("ready", new Bool());
        final UInt bits = field("bits", new UInt(8));
    }

    static final class Io extends Bundle {
        final Channel in = field("in", new Channel());
        final Channel out = flipped("out", new Channel());
        final Vec<UInt> lanes = field("lanes", Vec(2, () -> new UInt(3)));
        final UInt count = flipped("count", new UInt(4));
    }

    static final class Unit extends Module {
        Unit() {
            Io io = ports(new Io());
            io.in.ready.set(io.out.ready);
            io.out.valid.set(io.in.valid);
            io.out.bits.set(io.in.bits.xor(cat(io.lanes.get(0), io.lanes.get(1)).pad(8)));
            UInt n = regInit(UInt(4), 0).named("n");
            n.set(n.add(1));
            io.count.set(n);
        }
    }

    @Test
    void listedPinsAreTheDeclaredPorts() {
        Circuit c = Elaborator.elaborate(Unit::new);
        List<Pins.Pin> declared = new ArrayList<>();
        for (Port p : c.top().ports()) declared.add(new Pins.Pin(p.name(), p.width(), p.direction()));
        assertEquals(declared, Pins.of(new Io()).all());
    }

    @Test
    void namesJoinPathsAndFlipsCancelInPairs() {
        Io io = new Io();
        Pins.Listing pins = Pins.of(io);
        assertEquals(List.of("clk", "rst", "in_valid", "in_ready", "in_bits", "out_valid", "out_ready", "out_bits",
                "lanes_0", "lanes_1", "count"), pins.all().stream().map(Pins.Pin::name).toList());
        assertEquals(Direction.OUT, pins.of(io.in.ready).direction());
        assertEquals(Direction.OUT, pins.of(io.out.valid).direction());
        assertEquals(Direction.IN, pins.of(io.out.ready).direction());
        assertNull(pins.of(new Bool()));
    }
}

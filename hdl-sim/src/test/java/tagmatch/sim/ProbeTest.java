package tagmatch.sim;

import org.junit.jupiter.api.Test;
import tagmatch.hdl.backend.VerilogEmitter;
import tagmatch.hdl.core.Bool;
import tagmatch.hdl.core.Elaborator;
import tagmatch.hdl.core.Module;
import tagmatch.hdl.core.UInt;
import tagmatch.hdl.ir.Circuit;
import tagmatch.hdl.ir.HdlException;

import java.util.List;
import java.util.function.Function;
import tagmatch.sim.backends.Simulators;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static tagmatch.hdl.core.Formal.probe;
import static tagmatch.hdl.core.Hdl.*;

/** Formal.probe: a property module reads a register two instances down, in both simulators. */
class ProbeTest {
    private static final List<Function<Circuit, Simulator>> BACKENDS = List.of(Simulators::interpreter, Simulators::verilator);

    /** Counts enabled cycles in a register nobody exports. */
    static final class Leaf extends Module {
        final Bool en = input(Bool());

        Leaf() {
            UInt hidden = regInit(UInt(4), 0).named("hidden");
            when(en, () -> hidden.set(hidden.add(1)));
        }
    }

    static final class Middle extends Module {
        final Bool en = input(Bool());

        Middle() {
            Leaf l = instance("leaf", new Leaf());
            l.en.set(en);
        }
    }

    static final class Watcher extends Module {
        final Bool en = input(Bool());
        final UInt seen = output(UInt(4));
        final UInt again = output(UInt(4));

        Watcher(String path) {
            Middle m = instance("mid", new Middle());
            m.en.set(en);
            seen.set(probe(m, path));
            again.set(probe(m, path)); // the second probe of a path shares the first one's ports
        }
    }

    @Test
    void aProbedRegisterReadsTheSameInBothSimulators() {
        Circuit c = Elaborator.elaborate(() -> new Watcher("leaf.hidden"));
        String v = VerilogEmitter.emit(c);
        assertEquals(1, v.split("output wire \\[3:0\\] probe_leaf_hidden", -1).length - 1, v);
        for (Function<Circuit, Simulator> backend : BACKENDS) {
            try (Simulator s = backend.apply(c)) {
                s.reset();
                s.poke("en", 1);
                s.step(3);
                s.poke("en", 0);
                s.step(2);
                assertEquals(3, s.peek("seen"), s.backend());
                assertEquals(3, s.peek("again"), s.backend());
            }
        }
    }

    @Test
    void aPathThatDoesNotExistNamesWhatDoes() {
        HdlException e = assertThrows(HdlException.class, () -> Elaborator.elaborate(() -> new Watcher("lief.hidden")));
        assertTrue(e.getMessage().contains("has no instance lief; its instances are [leaf]"), e.getMessage());
        e = assertThrows(HdlException.class, () -> Elaborator.elaborate(() -> new Watcher("leaf.hiden")));
        assertTrue(e.getMessage().contains("module Leaf has no signal hiden"), e.getMessage());
    }
}

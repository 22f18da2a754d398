package tagmatch.hdl.passes;

import org.junit.jupiter.api.Test;
import tagmatch.hdl.backend.VerilogEmitter;
import tagmatch.hdl.core.Bool;
import tagmatch.hdl.core.Elaborator;
import tagmatch.hdl.core.Module;
import tagmatch.hdl.core.UInt;
import tagmatch.hdl.ir.Circuit;
import tagmatch.hdl.ir.ModuleDef;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static tagmatch.hdl.core.Hdl.*;

class DeduplicateTest {
    /** A match cell: stores a key, compares it with the request. */
    static final class Cell extends Module {
        final UInt req = input(UInt(8));
        final Bool load = input(Bool());
        final Bool hit = output(Bool());

        Cell(int keyWidth) {
            UInt key = regEnable(req.bits(keyWidth - 1, 0), load);
            hit.set(key.eq(req.bits(keyWidth - 1, 0)));
        }
    }

    static final class Array extends Module {
        final UInt req = input(UInt(8));
        final Bool load = input(Bool());
        final UInt hits;

        Array(int cells, int narrow) {
            hits = output(UInt(cells + narrow));
            List<Bool> h = new ArrayList<>();
            for (int i = 0; i < cells + narrow; i++) {
                Cell c = instance(new Cell(i < cells ? 8 : 4));
                c.req.set(req);
                c.load.set(load);
                h.add(0, c.hit);
            }
            hits.set(cat(h.toArray(new Bool[0])));
        }
    }

    @Test
    void identicalDefinitionsAreEmittedOnceAndVariantsAreNumbered() {
        Circuit c = Elaborator.elaborate(() -> new Array(256, 2));
        assertEquals(List.of("Cell", "Cell_1", "Array"), c.modules().stream().map(ModuleDef::name).toList());
        assertEquals(258, c.top().instances().size());
        String v = VerilogEmitter.emit(c);
        assertEquals(1, v.split("module Cell \\(", -1).length - 1);
        assertEquals(256, v.split("\n  Cell cell", -1).length - 1);
        assertEquals(2, v.split("\n  Cell_1 cell", -1).length - 1);
    }
}

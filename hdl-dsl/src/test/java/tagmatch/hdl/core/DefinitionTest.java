package tagmatch.hdl.core;

import org.junit.jupiter.api.Test;
import tagmatch.hdl.backend.VerilogEmitter;
import tagmatch.hdl.ir.Circuit;
import tagmatch.hdl.ir.HdlException;
import tagmatch.hdl.ir.ModuleDef;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static tagmatch.hdl.core.Hdl.*;

/** Elaborate once, instantiate many times: {@link Definition} and {@link Instance}. */
class DefinitionTest {
    /** How many times a cell's constructor ran: the cost that a definition pays once. */
    static final AtomicInteger ELABORATIONS = new AtomicInteger();

    /** The ports of a cell as one value, so that both ways of instantiating share one call line. */
    record CellIo(UInt req, Bool load, Bool hit) {}

    static final class Cell extends Module {
        final UInt req = input(UInt(8));
        final Bool load = input(Bool());
        final Bool hit = output(Bool());

        Cell(int keyWidth) {
            ELABORATIONS.incrementAndGet();
            param("key_w", keyWidth);
            UInt key = regEnable(req.bits(keyWidth - 1, 0), load);
            hit.set(key.eq(req.bits(keyWidth - 1, 0)));
        }

        CellIo io() {
            return new CellIo(req, load, hit);
        }
    }

    /** A row of cells, each either elaborated on its own or placed from one shared definition. */
    static final class Row extends Module {
        final UInt req = input(UInt(8));
        final Bool load = input(Bool());
        final UInt hits;

        Row(int cells, boolean shared) {
            hits = output(UInt(cells));
            Definition<Cell> def = shared ? Definition.of(() -> new Cell(8)) : null;
            List<Bool> h = new ArrayList<>();
            for (int i = 0; i < cells; i++) {
                CellIo c = shared ? instance("cell_" + i, def).io(Cell::io) : instance("cell_" + i, new Cell(8)).io();
                c.req().set(req);
                c.load().set(load);
                h.add(0, c.hit());
            }
            hits.set(cat(h.toArray(new Bool[0])));
        }
    }

    @Test
    void nIdenticalInstancesOfADefinitionCostOneElaborationAndShareOneModule() {
        ELABORATIONS.set(0);
        Circuit c = Elaborator.elaborate(() -> new Row(64, true));
        assertEquals(1, ELABORATIONS.get());
        assertEquals(List.of("Cell", "Row"), c.modules().stream().map(ModuleDef::name).toList());
        assertEquals(64, c.top().instances().size());
        for (var i : c.top().instances()) assertSame(c.module("Cell"), i.definition());
    }

    @Test
    void sharedDefinitionEmitsTheSameVerilogAsSeparatelyElaboratedInstances() {
        ELABORATIONS.set(0);
        String separate = VerilogEmitter.emit(Elaborator.elaborate(() -> new Row(16, false)));
        assertEquals(16, ELABORATIONS.get());
        String shared = VerilogEmitter.emit(Elaborator.elaborate(() -> new Row(16, true)));
        assertEquals(separate, shared);
    }

    /** Two levels, the cell requested from every block: one cell and one block elaboration in all. */
    static final class Block extends Module {
        final UInt req = input(UInt(8));
        final Bool any = output(Bool());

        Block(int cells, int keyWidth) {
            Bool acc = FALSE();
            for (int i = 0; i < cells; i++) {
                CellIo c = instance(Definition.of(Cell.class, keyWidth, Cell::new)).io(Cell::io);
                c.req().set(req);
                c.load().set(TRUE());
                acc = acc.or(c.hit());
            }
            any.set(acc);
        }
    }

    static final class Array extends Module {
        final UInt req = input(UInt(8));
        final UInt any = output(UInt(3));

        Array() {
            List<Bool> out = new ArrayList<>();
            for (int b = 0; b < 3; b++) {
                // Blocks 0 and 1 share a definition; block 2 asks for narrower keys, so it is another.
                int keyWidth = b < 2 ? 8 : 4;
                Block blk = instance(new Block(4, keyWidth));
                blk.req.set(req);
                out.add(0, blk.any);
            }
            any.set(cat(out.toArray(new Bool[0])));
        }
    }

    @Test
    void definitionsRequestedWithEqualParametersAreElaboratedOnceAcrossCallers() {
        ELABORATIONS.set(0);
        Circuit c = Elaborator.elaborate(Array::new);
        // One cell per distinct key width, whatever the number of blocks asking for it.
        assertEquals(2, ELABORATIONS.get());
        assertEquals(List.of("Cell", "Block", "Cell_1", "Block_1", "Array"), c.modules().stream().map(ModuleDef::name).toList());
        assertEquals("8", c.module("Cell").params().get("key_w"));
        assertEquals("4", c.module("Cell_1").params().get("key_w"));
    }

    @Test
    void instancesHeldInFieldsAreNamedAfterTheField() {
        Circuit c = Elaborator.elaborate(() -> new Module() {
            final UInt req = input("req", UInt(8));
            final Bool hit = output("hit", Bool());
            final Definition<Cell> def = Definition.of(() -> new Cell(8));
            final Instance<Cell> left = instance(def);
            final Instance<Cell> right = instance(def);

            {
                for (Instance<Cell> i : List.of(left, right)) {
                    i.io(x -> x.req).set(req);
                    i.io(x -> x.load).set(TRUE());
                }
                hit.set(left.io(x -> x.hit).and(right.io(x -> x.hit)));
            }
        });
        assertEquals(List.of("left", "right"), c.top().instances().stream().map(tagmatch.hdl.ir.Instance::name).toList());
    }

    @Test
    void ioGivesOneViewPerPortAndInstance() {
        Elaborator.elaborate(() -> new Module() {{
            Definition<Cell> def = Definition.of(() -> new Cell(8));
            Instance<Cell> a = instance(def), b = instance(def);
            assertSame(a.io(x -> x.hit), a.io(x -> x.hit));
            assertNotSame(a.io(x -> x.hit), b.io(x -> x.hit));
            for (Instance<Cell> i : List.of(a, b)) {
                i.io(x -> x.req).set(lit(0, 8));
                i.io(x -> x.load).set(TRUE());
            }
        }});
    }

    @Test
    void ioRefusesWhatIsNotAPortOfTheDefinition() {
        String m = assertThrows(HdlException.class, () -> Elaborator.elaborate(() -> new Module() {{
            Definition<Cell> def = Definition.of(() -> new Cell(8));
            UInt mine = wire(UInt(8));
            instance(def).io(x -> mine);
        }})).getMessage();
        assertTrue(m.contains("io: UInt<8> is not a port of Cell"), m);
    }

    @Test
    void aDefinitionCannotBeUsedInAnotherElaboration() {
        List<Definition<Cell>> kept = new ArrayList<>();
        Elaborator.elaborate(() -> new Module() {{
            kept.add(Definition.of(() -> new Cell(8)));
        }});
        String m = assertThrows(HdlException.class, () -> Elaborator.elaborate(() -> new Module() {{
            instance(kept.get(0));
        }})).getMessage();
        assertTrue(m.contains("a definition belongs to the elaboration that made it"), m);
    }

    @Test
    void aCachedDefinitionMustComeFromTheNamedClass() {
        String m = assertThrows(HdlException.class, () -> Elaborator.elaborate(() -> new Module() {{
            Definition.of(Module.class, 8, Cell::new);
        }})).getMessage();
        assertTrue(m.contains("Definition.of(Module.class, ...) made a Cell"), m);
    }
}

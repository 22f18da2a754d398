package tagmatch.hdl.passes;

import org.junit.jupiter.api.Test;
import tagmatch.hdl.backend.VerilogEmitter;
import tagmatch.hdl.core.Bool;
import tagmatch.hdl.core.Elaborator;
import tagmatch.hdl.core.Module;
import tagmatch.hdl.core.UInt;
import tagmatch.hdl.ir.Circuit;
import tagmatch.hdl.ir.ModuleDef;

import tagmatch.hdl.lib.Catalog;
import tagmatch.hdl.testdesigns.KitchenSink;
import tagmatch.hdl.testdesigns.Matcher;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
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

    /** A cell whose only difference between variants is a constant, or the name of an internal wire. */
    static final class Tweaked extends Module {
        final UInt in = input(UInt(8));
        final UInt out = output(UInt(8));

        Tweaked(int constant, String wireName) {
            UInt sum = wire(wireName, UInt(8));
            sum.set(in.add(lit(constant, 8)));
            out.set(sum);
        }
    }

    static final class Tweaks extends Module {
        final UInt in = input(UInt(8));
        final UInt out = output(UInt(8));

        Tweaks() {
            UInt x = in;
            int[][] variants = {{1, 0}, {2, 0}, {1, 1}, {1, 0}, {2, 0}};
            for (int[] v : variants) {
                Tweaked t = instance(new Tweaked(v[0], v[1] == 0 ? "sum" : "total"));
                t.in.set(x);
                x = t.out;
            }
            out.set(x);
        }
    }

    @Test
    void modulesDifferingOnlyInAConstantOrAnInternalNameStayApart() {
        Circuit c = Elaborator.elaborate(Tweaks::new);
        assertEquals(List.of("Tweaked", "Tweaked_1", "Tweaked_2", "Tweaks"), c.modules().stream().map(ModuleDef::name).toList());
        List<String> used = c.top().instances().stream().map(i -> i.definition().name()).toList();
        assertEquals(List.of("Tweaked", "Tweaked_1", "Tweaked_2", "Tweaked", "Tweaked_1"), used);
    }

    /** A value used twice gets a declared temporary, the same value built twice is inlined twice. */
    static final class Sharing extends Module {
        final UInt a = input(UInt(8));
        final UInt y = output(UInt(8));

        Sharing(boolean shared) {
            UInt s = a.add(lit(1, 8));
            y.set(s.xor(shared ? s : a.add(lit(1, 8))));
        }
    }

    @Test
    void aSharedSubexpressionIsNotTheSameStructureAsTwoCopiesOfIt() {
        Circuit c = Elaborator.elaborate(() -> new Module() {{
            UInt a = input("a", UInt(8));
            UInt y = output("y", UInt(8));
            Sharing one = instance(new Sharing(true));
            Sharing two = instance(new Sharing(false));
            one.a.set(a);
            two.a.set(a);
            y.set(one.y.xor(two.y));
        }});
        assertEquals(List.of("Sharing", "Sharing_1", "Anon"), c.modules().stream().map(ModuleDef::name).toList());
        String v = VerilogEmitter.emit(c);
        assertNotEquals(VerilogEmitter.moduleText(c.module("Sharing"), "_"), VerilogEmitter.moduleText(c.module("Sharing_1"), "_"), v);
    }

    /**
     * The structural key merges exactly the modules whose Verilog text is equal: deduplicating by
     * text (the key this pass used before, printing every module once more) is the oracle, and the
     * whole output must be the same byte for byte.
     */
    @Test
    void structuralDeduplicationEmitsTheSameBytesAsDeduplicatingByVerilogText() {
        List<Supplier<Module>> designs = new ArrayList<>(List.of(
                () -> new Array(16, 3), Tweaks::new, KitchenSink::new, Matcher::new));
        for (Catalog.Block b : Catalog.blocks()) designs.add(() -> b.factory().apply(b.resolve(Map.of())));
        for (Supplier<Module> d : designs) {
            Circuit byStructure = Elaborator.elaborateRaw(d);
            Passes.standard(byStructure);
            Circuit byText = Elaborator.elaborateRaw(d);
            for (Pass p : Passes.pipeline())
                (p instanceof Deduplicate ? new Deduplicate(m -> m.generator() + '\n' + m.name() + '\n' + VerilogEmitter.moduleText(m, "_")) : p)
                        .run(byText);
            assertEquals(VerilogEmitter.emit(byText), VerilogEmitter.emit(byStructure), byStructure.top().name());
        }
    }
}

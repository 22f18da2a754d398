package tagmatch.hdl.passes;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tagmatch.hdl.backend.VerilogEmitter;
import tagmatch.hdl.backend.VerilogTools;
import tagmatch.hdl.core.Bool;
import tagmatch.hdl.core.Elaborator;
import tagmatch.hdl.core.Formal;
import tagmatch.hdl.core.Mem;
import tagmatch.hdl.core.Module;
import tagmatch.hdl.core.UInt;
import tagmatch.hdl.ir.Circuit;
import tagmatch.hdl.ir.HdlException;
import tagmatch.hdl.ir.Signal;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static tagmatch.hdl.core.Hdl.*;

/**
 * Logic with no effect on an output, a memory, a print or a property is removed before
 * emission; what has one stays, and {@code keep()} keeps a signal on purpose. The Verilog of a
 * design with unread logic is read by all three tools without a warning.
 */
class DeadLogicRemovalTest {
    /** Echoes its input; a child whose input only a register drives. */
    static final class Echo extends Module {
        final UInt in = input(UInt(8));
        final UInt out = output(UInt(8));

        Echo() {
            out.set(in);
        }
    }

    static final class Design extends Module {
        final Bool en = input(Bool());
        final UInt d = input(UInt(8));
        final UInt y = output(UInt(8));
        final UInt z = output(UInt(8));

        Design() {
            UInt unread = regInit(UInt(8), 0).named("unread");
            unread.set(unread.add(1));
            UInt scratch = wireOf("scratch", d.xor(lit(0x5a, 8)));
            regNext(scratch).named("dead_reg");
            regNext(d).named("kept").keep();
            UInt toPrint = regNext(d).named("to_print");
            printf(en, "seen %d\n", toPrint);
            UInt toMem = regNext(d).named("to_mem");
            Mem<UInt> ram = mem(4, UInt(8)).named("ram");
            when(en, () -> ram.write(lit(1, 2), toMem));
            UInt toChild = regNext(d.add(1)).named("to_child");
            Echo e = instance("echo", new Echo());
            e.in.set(toChild);
            UInt toCheck = regInit(UInt(8), 0).named("to_check");
            toCheck.set(d);
            Formal.Assert(toCheck.ne(lit(0xff, 8)).or(en), "never ff while idle");
            UInt acc = regInit(UInt(8), 0).named("acc");
            acc.set(acc.add(ram.read(lit(1, 2))));
            y.set(acc);
            z.set(e.out);
        }
    }

    private static Set<String> locals(Circuit c) {
        Set<String> out = new java.util.TreeSet<>();
        for (Signal s : c.top().locals()) out.add(s.name());
        return out;
    }

    @Test
    void logicWithoutEffectIsRemovedAndEveryEffectKeepsItsLogic() {
        Circuit c = Elaborator.elaborate(Design::new);
        Set<String> names = locals(c);
        for (String gone : List.of("unread", "scratch", "dead_reg"))
            assertFalse(names.contains(gone), gone + " should be removed: " + names);
        for (String kept : List.of("kept", "to_print", "to_mem", "to_child", "to_check", "acc"))
            assertTrue(names.contains(kept), kept + " should stay: " + names);
        assertEquals(Set.of("dead_reg", "scratch", "unread"), c.top().removed());
        String v = VerilogEmitter.emit(c);
        assertFalse(v.contains("unread"), v);
        assertFalse(v.contains("dead_reg"), v);
    }

    @Test
    void anUnreadRegisterNoLongerReachesTheLinters(@TempDir Path dir) throws IOException {
        Circuit c = Elaborator.elaborate(() -> new Module() {{
            UInt d = input("d", UInt(8));
            UInt counter = regInit(UInt(8), 0).named("counter");
            counter.set(counter.add(1));
            output("y", UInt(8)).set(regNext(d));
        }});
        assertFalse(locals(c).contains("counter"), locals(c)::toString);
        Path f = dir.resolve("Anon.v");
        Files.writeString(f, VerilogEmitter.emit(c));
        List<String> verdicts = new ArrayList<>();
        boolean ok = true;
        for (VerilogTools.Result r : VerilogTools.readers(List.of(f), c.top().name())) {
            verdicts.add(r.verdict() + "\n" + r.output());
            ok &= r.ok();
        }
        assertTrue(ok, verdicts::toString);
    }

    @Test
    void aChainOfRegistersReadByAnOutputStays() {
        Circuit c = Elaborator.elaborate(() -> new Module() {{
            UInt d = input("d", UInt(4));
            UInt a = regNext(d).named("a");
            UInt b = regNext(a).named("b");
            output("y", UInt(4)).set(b);
        }});
        assertEquals(Set.of("a", "b"), locals(c));
        assertTrue(c.top().removed().isEmpty());
    }

    @Test
    void keepGoesOnSignalsOnly() {
        HdlException e = assertThrows(HdlException.class, () -> Elaborator.elaborate(() -> new Module() {{
            UInt d = input("d", UInt(4));
            d.add(1).keep();
        }}));
        assertTrue(e.getMessage().contains("keep() goes on ports, wires and registers"), e.getMessage());
    }
}

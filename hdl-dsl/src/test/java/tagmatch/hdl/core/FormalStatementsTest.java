package tagmatch.hdl.core;

import org.junit.jupiter.api.Test;
import tagmatch.hdl.backend.CheckSite;
import tagmatch.hdl.backend.VerilogEmitter;
import tagmatch.hdl.ir.Check;
import tagmatch.hdl.ir.Circuit;
import tagmatch.hdl.ir.HdlException;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static tagmatch.hdl.core.Formal.*;
import static tagmatch.hdl.core.Hdl.*;

/** Assert/Assume/Cover: where they go in the IR and in the Verilog. */
class FormalStatementsTest {
    static final class Holder extends Module {
        final Bool load = input(Bool());
        final UInt d = input(UInt(4));
        final UInt q = output(UInt(4));

        Holder(String message) {
            UInt r = regInit(UInt(4), 0);
            when(load, () -> r.set(d));
            q.set(r);
            when(initial().not().and(past(load).not()), () -> Assert(stable(r), message));
            when(load, () -> Cover(rose(load), "a load starts"));
        }
    }

    @Test
    void propertiesSitUnderIfdefFormalWithTheirLineAndMessage() {
        Circuit c = Elaborator.elaborate(() -> new Holder("holds without load"));
        assertEquals(2, c.top().checks().size());
        String v = VerilogEmitter.emit(c);
        String main = v.substring(0, v.indexOf("`ifdef FORMAL"));
        assertFalse(main.contains("past") || main.contains("assert"), "nothing formal outside the ifdef:\n" + v);
        assertTrue(v.contains("`endif\nendmodule"), v);
        int line = 1 + (int) v.substring(0, v.indexOf(" assert (")).chars().filter(ch -> ch == '\n').count();
        CheckSite site = CheckSite.at(v, line).orElseThrow();
        assertEquals(Check.Kind.ASSERT, site.kind());
        assertEquals("holds without load", site.message());
        assertTrue(site.source().startsWith("FormalStatementsTest.java:"), site.source());
        assertTrue(site.clocked(), v);
        assertTrue(v.contains("if (cover_en) cover (cover_cond); // @[FormalStatementsTest.java:"), v);
    }

    @Test
    void aPastInsideAWhenStillSamplesEveryCycle() {
        String v = VerilogEmitter.emit(Elaborator.elaborate(() -> new Holder("holds without load")));
        assertTrue(v.contains("    past <= load;\n"), "past registers are not gated by the when:\n" + v);
    }

    @Test
    void aMessageMustBeOneLineWithoutQuotes() {
        HdlException e = assertThrows(HdlException.class, () -> Elaborator.elaborate(() -> new Holder("two\nlines")));
        assertTrue(e.getMessage().contains("a property needs a one-line message"), e.getMessage());
        assertThrows(HdlException.class, () -> Elaborator.elaborate(() -> new Holder("say \"hi\"")));
    }
}

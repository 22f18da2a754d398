package tagmatch.hdl.core;

import org.junit.jupiter.api.Test;
import tagmatch.hdl.backend.CheckSite;
import tagmatch.hdl.backend.FormalView;
import tagmatch.hdl.backend.VerilogEmitter;
import tagmatch.hdl.ir.Check;
import tagmatch.hdl.ir.Circuit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static tagmatch.hdl.core.Formal.*;
import static tagmatch.hdl.core.Hdl.*;

/** The formal section as a prover asks for it: covers as assertions of their negation, all or one. */
class FormalViewTest {
    static final class TwoCovers extends Module {
        final Bool load = input(Bool());
        final UInt d = input(UInt(4));
        final UInt q = output(UInt(4));

        TwoCovers() {
            UInt r = regInit(UInt(4), 0);
            when(load, () -> r.set(d));
            q.set(r);
            Assume(d.ne(15), "d is never 15");
            when(initial().not().and(past(load).not()), () -> Assert(stable(r), "holds without load"));
            when(load, () -> Cover(rose(load), "a load starts"));
            Cover(r.eq(9), "r reaches 9");
        }
    }

    @Test
    void asWrittenIsWhatEmitWrites() {
        Circuit c = Elaborator.elaborate(TwoCovers::new);
        assertEquals(VerilogEmitter.emit(c), VerilogEmitter.emit(c, FormalView.AS_WRITTEN));
    }

    @Test
    void coversBecomeAssertionsOfTheirNegationAndTheAssertionsGo() {
        String v = VerilogEmitter.emit(Elaborator.elaborate(TwoCovers::new), FormalView.coversAsAssertions());
        assertFalse(v.contains(" cover ("), v);
        assertFalse(v.contains("holds without load"), "the assertion is left out:\n" + v);
        assertTrue(v.contains("assume ("), "assumptions stay:\n" + v);
        assertTrue(v.contains("if (cover_en) assert (!cover_cond); // @[FormalViewTest.java:"), v);
        assertEquals(2, v.split("assert \\(!", -1).length - 1, v);
    }

    @Test
    void onlyCoverKeepsOneCoverByItsIndexInItsModule() {
        Circuit c = Elaborator.elaborate(TwoCovers::new);
        String first = VerilogEmitter.emit(c, FormalView.onlyCover(c.top().name(), 0));
        String second = VerilogEmitter.emit(c, FormalView.onlyCover(c.top().name(), 1));
        assertTrue(first.contains("a load starts") && !first.contains("r reaches 9"), first);
        assertTrue(second.contains("r reaches 9") && !second.contains("a load starts"), second);
        assertFalse(VerilogEmitter.emit(c, FormalView.onlyCover("other", 0)).contains("assert (!"));
    }

    @Test
    void theEmitterNamesThePropertyOnEveryLineItWrote() {
        Circuit c = Elaborator.elaborate(() -> new FormalStatementsTest.Holder("holds without load"));
        for (FormalView view : java.util.List.of(FormalView.AS_WRITTEN, FormalView.coversAsAssertions())) {
            VerilogEmitter.Emission e = VerilogEmitter.emitWithSites(Elaborator.elaborate(TwoCovers::new), view);
            String[] lines = e.verilog().split("\n", -1);
            int written = 0;
            for (int i = 0; i < lines.length; i++) {
                boolean property = lines[i].matches("\\s*(if \\(\\w+\\) )?(assert|assume|cover) \\(.*");
                if (property) written++;
                assertEquals(property, e.sites().containsKey(i + 1), "line " + (i + 1) + ": " + lines[i]);
                if (property) assertTrue(lines[i].endsWith(e.sites().get(i + 1).message()), lines[i]);
            }
            assertEquals(written, e.sites().size());
        }
        VerilogEmitter.Emission held = VerilogEmitter.emitWithSites(c, FormalView.AS_WRITTEN);
        held.sites().forEach((line, site) -> assertEquals(CheckSite.at(held.verilog(), line).orElseThrow(), site));
    }

    @Test
    void aCheckSiteComesFromTheIrAsTheEmitterWritesIt() {
        Circuit c = Elaborator.elaborate(TwoCovers::new);
        String v = VerilogEmitter.emit(c);
        for (Check k : c.top().checks()) {
            CheckSite fromIr = CheckSite.of(k);
            int line = 1 + (int) v.substring(0, v.indexOf(k.message())).chars().filter(ch -> ch == '\n').count();
            assertEquals(CheckSite.at(v, line).orElseThrow(), fromIr, v);
        }
    }
}

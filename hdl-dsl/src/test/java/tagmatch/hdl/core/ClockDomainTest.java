package tagmatch.hdl.core;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tagmatch.hdl.backend.VerilogEmitter;
import tagmatch.hdl.backend.VerilogTools;
import tagmatch.hdl.ir.Circuit;
import tagmatch.hdl.ir.HdlException;
import tagmatch.hdl.lib.AsyncFifo;
import tagmatch.hdl.lib.Synchronizer;

import java.nio.file.Path;
import java.util.List;
import java.util.function.Supplier;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static tagmatch.hdl.core.Hdl.*;

/** Clock domains, reset kinds, attributes and the module prefix: the Verilog they give and the tools' view of it. */
class ClockDomainTest {

    static final class Domains extends Module {
        Domains() {
            attribute("keep_hierarchy", "yes");
            Bool clk2 = input("clk2", Bool());
            Bool rstN = input("rst_n", Bool());
            Bool arst = input("arst", Bool());
            UInt d = input("d", UInt(4)).attribute("mark_debug", "true");
            UInt[] r = new UInt[4];
            domain(clk2, rstN, ResetKind.ASYNC_LOW).run(() -> r[0] = regNext(d, 1).named("a_low"));
            domain(clk2, arst, ResetKind.ASYNC_HIGH).run(() -> r[1] = regNext(d, 2).named("a_high"));
            withDomain(domain(clk2, rstN, ResetKind.SYNC_LOW), () -> r[2] = regNext(d, 3).named("s_low"));
            r[3] = regNext(d, 4).named("implicit").attribute("keep", "true");
            output("y", UInt(4)).set(r[0].xor(r[1]).xor(r[2]).xor(r[3]));
        }
    }

    @Test
    void eachResetKindIsEmittedInTheShapeSynthesisRecognises() {
        String v = VerilogEmitter.emit(Elaborator.elaborate(Domains::new));
        assertTrue(v.contains("always @(posedge clk2 or negedge rst_n) begin"), v);
        assertTrue(v.contains("    if (!rst_n) begin\n      a_low <= 4'd1;"), v);
        assertTrue(v.contains("always @(posedge clk2 or posedge arst) begin"), v);
        assertTrue(v.contains("    if (arst) begin\n      a_high <= 4'd2;"), v);
        assertTrue(v.contains("assign reset = ~rst_n;"), v);
        assertTrue(v.contains("    if (reset) begin\n      s_low <= 4'd3;"), v);
        assertTrue(v.contains("always @(posedge clk) begin"), v);
        assertTrue(v.contains("(* keep_hierarchy = \"yes\" *)\nmodule Domains"), v);
        assertTrue(v.contains("  (* mark_debug = \"true\" *)\n  input  wire [3:0] d,"), v);
        assertTrue(v.contains("  (* keep = \"true\" *)\n  reg  [3:0] implicit;"), v);
    }

    @Test
    void synchronizerFlopsAreMarkedAsyncReg() {
        String v = VerilogEmitter.emit(Elaborator.elaborate(() -> new Synchronizer(1)));
        assertTrue(v.contains("(* async_reg = \"true\" *)\n  reg  sync_0;"), v);
        assertTrue(v.contains("(* async_reg = \"true\" *)\n  reg  sync_1;"), v);
    }

    @Test
    void domainsLibraryBlocksAndPrefixedNamesAreCleanUnderVerilatorYosysAndIverilog(@TempDir Path dir) throws Exception {
        List<Supplier<Module>> designs = List.of(Domains::new, () -> new Synchronizer(3, 2),
                () -> new AsyncFifo<>(2, UInt(1)), () -> new AsyncFifo<>(16, UInt(8)));
        int n = 0;
        for (Supplier<Module> s : designs) {
            Circuit c = Elaborator.elaborate(s, "ip0_");
            String top = c.top().name();
            assertTrue(top.startsWith("ip0_"), top);
            List<Path> files = VerilogEmitter.writeFiles(c, dir.resolve("d" + n++));
            for (VerilogTools.Result r : VerilogTools.readers(files, top))
                assertTrue(r.ok(), () -> r.tool() + " rejected " + top + ":\n" + r.output());
            assertEquals(VerilogEmitter.emit(c), VerilogEmitter.emit(Elaborator.elaborate(s, "ip0_")), "deterministic");
        }
    }

    @Test
    void everyModuleNameGetsThePrefix() {
        String v = VerilogEmitter.emit(Elaborator.elaborate(() -> new Module() {{
            Synchronizer s = instance(new Synchronizer(1));
            s.in.set(input("i", UInt(1)));
            output("o", UInt(1)).set(s.out);
        }}, "soc_a_"));
        assertTrue(v.contains("module soc_a_Synchronizer ("), v);
        assertTrue(v.contains("  soc_a_Synchronizer synchronizer ("), v);
        assertTrue(v.contains("module soc_a_Anon"), v);
    }

    @Test
    void domainMistakesAreExplained() {
        String m = assertThrows(HdlException.class, () -> Elaborator.elaborate(() -> new Module() {{
            Bool c = input("c", Bool());
            domain(c).run(() -> output("y", UInt(2)).set(regNext(input("d", UInt(2)), 0)));
        }})).getMessage();
        assertTrue(m.contains("has a reset value but its clock domain (clock Bool 'c') has no reset"), m);
        m = assertThrows(HdlException.class, () -> Elaborator.elaborate(() -> new Module() {{
            Bool c = input("c", Bool());
            Bool a = input("a", Bool());
            domain(c, a.and(a), ResetKind.ASYNC_HIGH);
        }})).getMessage();
        assertTrue(m.contains("an asynchronous reset must be a port or a wire"), m);
        m = assertThrows(HdlException.class, () -> Elaborator.elaborate(() -> new Module() {{ }}, "9x")).getMessage();
        assertTrue(m.contains("module prefix '9x' must start a Verilog identifier"), m);
    }
}

package tagmatch.hdl.core;

import org.junit.jupiter.api.Test;
import tagmatch.hdl.backend.VerilogEmitter;
import tagmatch.hdl.ir.Circuit;
import tagmatch.hdl.ir.HdlException;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static tagmatch.hdl.core.Hdl.*;

/** Implicit and overridden clock and reset, and the two kinds of memory read. */
class ClockResetMemoryTest {

    @Test
    void aCombinationalModuleHasNoClockOrReset() {
        Circuit c = Elaborator.elaborate(() -> new Module() {{
            output("y", UInt(4)).set(input("a", UInt(4)).not());
        }});
        assertEquals(2, c.top().ports().size());
        assertTrue(c.top().clock() == null && c.top().reset() == null);
    }

    @Test
    void registersUseTheOverriddenResetAndClock() {
        String v = VerilogEmitter.emit(Elaborator.elaborate(() -> new Module() {{
            Bool soft = input("soft_rst", Bool());
            Bool clk2 = input("clk2", Bool());
            UInt d = input("d", UInt(4));
            UInt[] r = new UInt[2];
            withReset(soft, () -> r[0] = regNext(d, 0).named("a"));
            withClock(clk2, () -> r[1] = regNext(d).named("b"));
            output("y", UInt(4)).set(r[0].xor(r[1]));
        }}));
        assertTrue(v.contains("always @(posedge clk) begin"), v);
        assertTrue(v.contains("    if (soft_rst) begin\n      a <= 4'd0;"), v);
        assertTrue(v.contains("always @(posedge clk2) begin"), v);
        assertFalse(v.contains("input  wire       rst"), v);
    }

    @Test
    void synchronousReadRegistersTheWordAndCombinationalReadDoesNot() {
        String v = VerilogEmitter.emit(Elaborator.elaborate(() -> new Module() {{
            Bool we = input("we", Bool());
            Bool re = input("re", Bool());
            UInt addr = input("addr", UInt(3));
            UInt wdata = input("wdata", UInt(8));
            Mem<UInt> ram = mem(8, UInt(8)).named("ram");
            when(we, () -> ram.write(addr, wdata));
            output("q", UInt(8)).set(ram.readSync(addr, re).named("q_reg"));
            output("now", UInt(8)).set(ram.read(addr));
        }}));
        assertTrue(v.contains("reg  [7:0] ram [0:7];"), v);
        assertTrue(v.contains("    if (re) begin\n      q_reg <= ram[addr];"), v);
        assertTrue(v.contains("assign now = ram[addr];"), v);
        assertTrue(v.contains("    if (we) begin\n      ram[addr] <= wdata;"), v);
    }

    @Test
    void memoryAddressesAndDepthsAreChecked() {
        String m = assertThrows(HdlException.class, () -> Elaborator.elaborate(() -> new Module() {{
            Mem<UInt> ram = mem(8, UInt(8)).named("ram");
            output("q", UInt(8)).set(ram.read(input("a", UInt(4))));
        }})).getMessage();
        assertTrue(m.contains("address of memory ram must be 3 bits for 8 words, got UInt<4> 'a'"), m);
        String d = assertThrows(HdlException.class, () -> Elaborator.elaborate(() -> new Module() {{
            mem(0, UInt(8));
        }})).getMessage();
        assertTrue(d.contains("memory depth must be at least 1 word, got 0"), d);
    }
}

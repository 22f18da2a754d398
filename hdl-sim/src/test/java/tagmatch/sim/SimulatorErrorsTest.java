package tagmatch.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigInteger;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tagmatch.sim.backends.Simulators;
import tagmatch.sim.verilator.VerilatorOptions;

class SimulatorErrorsTest {
    @TempDir
    Path tmp;

    @Test
    void pokingAnOutputNamesTheInputs() {
        try (Simulator s = Simulators.verilator(TestDesigns.counter())) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> s.poke("count", 3));
            assertEquals("cannot poke output 'count' of counter; inputs are [reset, en]", e.getMessage());
        }
    }

    @Test
    void unknownPortListsThePortsThatExist() {
        try (Simulator s = Simulators.verilator(TestDesigns.counter())) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> s.peek("cnt"));
            assertEquals("no port named 'cnt' in counter; ports are [input clk[1], input reset[1], input en[1], "
                    + "output count[8], output wrap[1]]", e.getMessage());
        }
    }

    @Test
    void valuesThatDoNotFitThePortAreRejected() {
        try (Simulator s = Simulators.verilator(TestDesigns.wideAdder())) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                    () -> s.poke("a", BigInteger.ONE.shiftLeft(100)));
            assertEquals("value 1267650600228229401496703205376 does not fit port 'a' (100 bits, unsigned)", e.getMessage());
            e = assertThrows(IllegalArgumentException.class, () -> s.peek("sum"));
            assertEquals("port 'sum' is 101 bits wide; use peekWide", e.getMessage());
            e = assertThrows(IllegalArgumentException.class, () -> s.poke("clk", 1));
            assertEquals("cannot poke clock 'clk'; step() drives it", e.getMessage());
        }
        try (Simulator s = Simulators.verilator(TestDesigns.counter())) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> s.poke("en", 2));
            assertEquals("value 2 does not fit port 'en' (1 bits, unsigned: 0..1)", e.getMessage());
        }
    }

    @Test
    void handlesFromAnotherDesignAndClosedSimulatorsAreRejected() {
        Simulator fifo = Simulators.verilator(TestDesigns.fifo());
        try (Simulator s = Simulators.verilator(TestDesigns.counter())) {
            PortHandle foreign = fifo.port("in_data");
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> s.poke(foreign, 1));
            assertTrue(e.getMessage().startsWith("port handle PortHandle[index=4, name=in_data"), e.getMessage());
        }
        fifo.close();
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> fifo.step());
        assertEquals("simulator for fifo4 is closed", e.getMessage());
    }

    @Test
    void badDesignDescriptionsNameTheParameter() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> new SimDesign("counter",
                "module counter; endmodule", List.of(SimPort.in("clk", 1)), "clock", null));
        assertEquals("clock: no port named 'clock'; ports are [input clk[1]]", e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> SimPort.in("bad name", 1));
        assertEquals("port name: 'bad name' is not a Verilog identifier ([A-Za-z_][A-Za-z0-9_]*)", e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> SimPort.out("x", 0));
        assertEquals("port 'x' width: 0 is not in 1..65536", e.getMessage());
    }

    @Test
    void stimulusShapeErrorsAreExplained() {
        try (Simulator s = Simulators.verilator(TestDesigns.fifo())) {
            PortHandle v = s.port("in_valid");
            PortHandle d = s.port("in_data");
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                    () -> Stimulus.builder().drive(v, d).inputs(new long[] {1, 2, 3}).build());
            assertEquals("inputs: 3 values is not a multiple of the row size 2 (driven ports [in_valid, in_data])",
                    e.getMessage());
            e = assertThrows(IllegalArgumentException.class, () -> Stimulus.builder().drive(s.port("count")));
            assertEquals("drive: port 'count' is an output", e.getMessage());
            e = assertThrows(IllegalArgumentException.class, () -> Stimulus.builder().capture(v).build());
            assertEquals("maxCycles: 0; give input rows or maxCycles >= 1", e.getMessage());
        }
    }

    @Test
    void missingVerilatorGivesTheInstallCommand() {
        VerilatorOptions o = VerilatorOptions.defaults().withTools("verilator-not-installed-here", "g++");
        SimBuildException e = assertThrows(SimBuildException.class, () -> Simulators.verilator(TestDesigns.counter(), o));
        assertEquals("'verilator-not-installed-here' was not found on PATH; it is needed to simulate with Verilator. "
                + "Install it with: sudo apt-get install -y verilator", e.getMessage());
    }

    @Test
    void missingCompilerGivesTheInstallCommand() {
        VerilatorOptions o = VerilatorOptions.defaults().withTools("verilator", "gpp-not-installed-here");
        SimBuildException e = assertThrows(SimBuildException.class, () -> Simulators.verilator(TestDesigns.counter(), o));
        assertTrue(e.getMessage().endsWith("Install it with: sudo apt-get install -y g++"), e.getMessage());
    }

    @Test
    void vcdNeedsATraceBuild() {
        try (Simulator s = Simulators.verilator(TestDesigns.counter())) {
            IllegalStateException e = assertThrows(IllegalStateException.class, () -> s.openVcd(tmp.resolve("x.vcd")));
            assertEquals("openVcd: counter was built without trace support; build it with VerilatorOptions.withTrace(true)",
                    e.getMessage());
        }
    }
}

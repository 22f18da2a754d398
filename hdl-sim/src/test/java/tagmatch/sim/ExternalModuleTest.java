package tagmatch.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static tagmatch.hdl.core.Hdl.*;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tagmatch.hdl.backend.VerilogEmitter;
import tagmatch.hdl.backend.VerilogTools;
import tagmatch.hdl.core.Bool;
import tagmatch.hdl.core.Bundle;
import tagmatch.hdl.core.Elaborator;
import tagmatch.hdl.core.ExternalModule;
import tagmatch.hdl.core.Module;
import tagmatch.hdl.core.UInt;
import tagmatch.hdl.ir.Circuit;
import tagmatch.sim.backends.Simulators;

/** External Verilog modules: emitted with parameters, compiled in by Verilator, refused by the Java backends. */
class ExternalModuleTest {
    static final String ACCUMULATOR = """
            module ext_acc #(parameter STEP = 1, parameter MODE = "ADD") (
              input  wire       clk,
              input  wire       io_en,
              input  wire [7:0] io_d,
              output reg  [7:0] q
            );
              initial q = 8'd0;
              always @(posedge clk) if (io_en) q <= MODE == "ADD" ? q + io_d + STEP[7:0] : io_d;
            endmodule
            """;

    static final class Io extends Bundle {
        final Bool en = field("en", Bool());
        final UInt d = field("d", UInt(8));
    }

    /** The accumulator, declared from its ports (a bundle among them) and parameters. */
    static final class Acc extends ExternalModule {
        final Bool clk = input("clk", Bool());
        final Io io = input(new Io()).named("io");
        final UInt q = output("q", UInt(8));

        Acc(int step, Path source) {
            super("ext_acc");
            parameter("STEP", step);
            parameter("MODE", "ADD");
            if (source == null) {
                inline(ACCUMULATOR);
            } else {
                source(source);
            }
        }
    }

    static final class Top extends Module {
        Top(Path source) {
            Bool en = input("en", Bool());
            UInt d = input("d", UInt(8));
            Acc one = instance("one", new Acc(1, source));
            Acc three = instance("three", new Acc(3, source));
            Bool clk2 = input("clk2", Bool());
            for (Acc a : List.of(one, three)) {
                a.io.en.set(en);
                a.io.d.set(d);
            }
            one.clk.set(clk2);
            three.clk.set(clk2);
            output("sum", UInt(8)).set(one.q.add(three.q));
        }
    }

    @Test
    void externalModulesAreInstantiatedByNameWithParameters() {
        String v = VerilogEmitter.emit(Elaborator.elaborate(() -> new Top(null)));
        assertTrue(v.contains("  ext_acc #(.MODE(\"ADD\"), .STEP(1)) one ("), v);
        assertTrue(v.contains("  ext_acc #(.MODE(\"ADD\"), .STEP(3)) three ("), v);
        assertTrue(v.contains("    .io_en(en),"), v);
        assertEquals(1, v.split("module ext_acc", -1).length - 1, "the inline text is written once:\n" + v);
    }

    @Test
    void verilatorCompilesTheSourcesInAndTheJavaBackendsRefuse(@TempDir Path dir) throws Exception {
        Path src = dir.resolve("ext_acc.v");
        Files.writeString(src, ACCUMULATOR);
        Circuit c = Elaborator.elaborate(() -> new Top(src));
        assertEquals(List.of(src), CircuitDesigns.of(c).sources());
        try (Simulator s = Simulators.verilator(c)) {
            s.poke("en", 1);
            s.poke("d", 10);
            s.peek("sum"); // the first evaluation sees clk2 low
            List<Long> seen = new ArrayList<>();
            for (int i = 0; i < 3; i++) {
                s.poke("clk2", 1);
                seen.add(s.peek("sum"));
                s.poke("clk2", 0);
                s.peek("sum");
            }
            assertEquals(List.of(24L, 48L, 72L), seen, "11 + 13 a clock");
        }
        String m = assertThrows(IllegalArgumentException.class, () -> Simulators.interpreter(c)).getMessage();
        assertTrue(m.contains("cannot simulate instance one of external module ext_acc on the interpreter"), m);
        List<Path> files = new ArrayList<>(VerilogEmitter.writeFiles(c, dir.resolve("v")));
        files.add(src);
        String top = c.top().name();
        for (VerilogTools.Result r : List.of(VerilogTools.verilatorLint(files, top), VerilogTools.yosys(files, top),
                VerilogTools.iverilog(files, top)))
            assertTrue(r.ok(), () -> r.tool() + " rejected it:\n" + r.output());
    }
}

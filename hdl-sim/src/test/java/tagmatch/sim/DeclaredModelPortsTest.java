package tagmatch.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static tagmatch.hdl.core.Hdl.*;

import java.util.List;
import org.junit.jupiter.api.Test;
import tagmatch.hdl.core.Bool;
import tagmatch.hdl.core.Elaborator;
import tagmatch.hdl.core.ExternalModule;
import tagmatch.hdl.core.Module;
import tagmatch.hdl.core.UInt;
import tagmatch.hdl.ir.Circuit;
import tagmatch.sim.backends.Simulators;

/**
 * An external module declared once: the model names no ports, it takes them from the
 * {@code ExternalModule} (widths, edges, combinational paths), and agrees with the Verilog on
 * every backend.
 */
class DeclaredModelPortsTest {
    static final String CNT = """
            module ext_cnt (
              input  wire       clk,
              input  wire       rst_n,
              input  wire       en,
              input  wire [7:0] d,
              output reg  [7:0] q,
              output wire [7:0] nxt
            );
              assign nxt = q + d;
              always @(posedge clk or negedge rst_n)
                if (!rst_n) q <= 8'd0;
                else if (en) q <= nxt;
            endmodule
            """;

    static final class Cnt extends ExternalModule {
        final Bool clk = input("clk", Bool());
        final Bool rstN = input("rst_n", Bool());
        final Bool en = input("en", Bool());
        final UInt d = input("d", UInt(8));
        final UInt q = output("q", UInt(8));
        final UInt nxt = output("nxt", UInt(8));

        Cnt() {
            super("ext_cnt");
            inline(CNT);
            risingEdge(clk);
            fallingEdge(rstN);
            combinational(nxt, d);
        }
    }

    /** Reads and sets the ports by the declaration's names; declares none. */
    static final class CntModel implements BehaviouralModel {
        private long q;

        @Override
        public void evaluate(ModelIo io) {
            io.set("q", q);
            if (io.evaluates("nxt")) {
                io.set("nxt", (q + io.get("d")) & 0xff);
            }
        }

        @Override
        public void clockEdge(String port, ModelIo io) {
            if (io.get("rst_n") == 0) {
                q = 0;
            } else if (io.get("en") != 0) {
                q = (q + io.get("d")) & 0xff;
            }
        }
    }

    static final class Top extends Module {
        Top() {
            Bool rstN = input("rst_n", Bool());
            Bool en = input("en", Bool());
            UInt d = input("d", UInt(8));
            Cnt c = instance("c", new Cnt());
            c.clk.set(clock());
            c.rstN.set(rstN);
            c.en.set(en);
            c.d.set(d);
            output("q", UInt(8)).set(c.q);
            output("nxt", UInt(8)).set(c.nxt);
        }
    }

    static final BehaviouralModels MODELS = BehaviouralModels.of("ext_cnt", at -> new CntModel());

    @Test
    void theModelTakesItsPortsFromTheDeclaration() {
        Circuit c = Elaborator.elaborate(Top::new);
        try (Simulator s = Simulators.interpreter(c, MODELS)) {
            List<String> kinds = new java.util.ArrayList<>();
            ModelPorts declared = new CntModel().ports().resolve(c.modules().get(0).ports(),
                    java.util.Map.of("nxt", List.of("d")), c.modules().get(0).external());
            for (ModelPorts.Entry e : declared.entries()) {
                kinds.add(e.name() + ":" + e.kind() + ":" + e.width() + e.combinationalInputs());
            }
            assertEquals(List.of("clk:CLOCK:1[]", "rst_n:FALLING_EDGE:1[]", "en:INPUT:1[]", "d:INPUT:8[]", "q:OUTPUT:8[]",
                    "nxt:OUTPUT:8[d]"), kinds);
        }
    }

    @Test
    void theModelAgreesWithTheVerilogOnEveryBackend() {
        ClockDomainDifferentialTest.agree(Elaborator.elaborate(Top::new), MODELS, 400, 39);
    }
}

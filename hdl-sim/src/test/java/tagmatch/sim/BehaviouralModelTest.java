package tagmatch.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static tagmatch.hdl.core.Hdl.*;

import java.math.BigInteger;
import java.util.List;
import org.junit.jupiter.api.Test;
import tagmatch.hdl.core.Bool;
import tagmatch.hdl.core.Elaborator;
import tagmatch.hdl.core.ExternalModule;
import tagmatch.hdl.core.Module;
import tagmatch.hdl.core.ResetKind;
import tagmatch.hdl.core.UInt;
import tagmatch.hdl.ir.Circuit;
import tagmatch.hdl.ir.HdlException;
import tagmatch.sim.backends.Simulators;
import tagmatch.sim.compiled.CompiledModel;

/**
 * External modules on the Java backends through behavioural models: Verilator runs the module's
 * Verilog, the interpreter and the compiled backend the model, and every output agrees after
 * every poke and step; a missing or mismatched model is refused with what is wrong, on both.
 */
class BehaviouralModelTest {
    /** The backends that run behavioural models. */
    static final List<String> JAVA_BACKENDS = List.of("interpreter", "compiled");

    /** A combinational sum, an accumulator with an asynchronous active-low reset, and a wide rotation. */
    static final String MAC = """
            module ext_mac #(parameter SHIFT = 1) (
              input  wire        clk,
              input  wire        rst_n,
              input  wire        en,
              input  wire [7:0]  a,
              input  wire [7:0]  b,
              input  wire [69:0] w,
              output wire [8:0]  sum,
              output reg  [15:0] acc,
              output wire [69:0] wrot
            );
              wire [15:0] product = {8'd0, a} * {8'd0, b};
              assign sum = {1'b0, a} + {1'b0, b};
              assign wrot = {w[0], w[69:1]};
              always @(posedge clk or negedge rst_n)
                if (!rst_n) acc <= 16'd0;
                else if (en) acc <= acc + (product >> SHIFT);
            endmodule
            """;

    static final class Mac extends ExternalModule {
        final Bool clk = input("clk", Bool());
        final Bool rstN = input("rst_n", Bool());
        final Bool en = input("en", Bool());
        final UInt a = input("a", UInt(8));
        final UInt b = input("b", UInt(8));
        final UInt w = input("w", UInt(70));
        final UInt sum = output("sum", UInt(9));
        final UInt acc = output("acc", UInt(16));
        final UInt wrot = output("wrot", UInt(70));

        Mac(int shift) {
            this(shift, true);
        }

        /** With {@code declarePaths} false the DSL is not told of the combinational outputs (only the model is). */
        Mac(int shift, boolean declarePaths) {
            super("ext_mac");
            parameter("SHIFT", shift);
            inline(MAC);
            if (declarePaths) {
                combinational(sum, a, b);
                combinational(wrot, w);
            }
        }
    }

    /** The Java model of {@code ext_mac}. */
    static class MacModel implements BehaviouralModel {
        private final int shift;
        private long acc;

        MacModel(ExternalInstance at) {
            shift = (int) at.number("SHIFT");
        }

        @Override
        public ModelPorts ports() {
            return ModelPorts.of().clock("clk").fallingEdge("rst_n").input("en", 1).input("a", 8).input("b", 8)
                    .input("w", 70).output("sum", 9, "a", "b").output("acc", 16).output("wrot", 70, "w");
        }

        @Override
        public void evaluate(ModelIo io) {
            if (io.evaluates("sum")) {
                io.set("sum", io.get("a") + io.get("b"));
            }
            io.set("acc", acc);
            if (io.evaluates("wrot")) {
                BigInteger w = io.getWide("w");
                io.set("wrot", w.shiftRight(1).or(w.testBit(0) ? BigInteger.ONE.shiftLeft(69) : BigInteger.ZERO));
            }
        }

        @Override
        public void clockEdge(String port, ModelIo io) {
            if (io.get("rst_n") == 0) {
                acc = 0;
            } else if (io.get("en") != 0) {
                acc = (acc + (io.get("a") * io.get("b") >> shift)) & 0xffff;
            }
        }
    }

    /**
     * Two instances on a second clock: a registered output through logic into an input the
     * combinational sum reads (no loop, though the model is one object), a combinational path
     * through both models, and registers of the design reading a model's output at its edge.
     */
    static final class Top extends Module {
        Top() {
            Bool clk2 = input("clk2", Bool());
            Bool rstN = input("rst_n", Bool());
            Bool en = input("en", Bool());
            UInt x = input("x", UInt(8));
            UInt y = input("y", UInt(8));
            UInt w = input("w", UInt(70));
            Mac m1 = instance("m1", new Mac(1));
            Mac m2 = instance("m2", new Mac(3));
            for (Mac m : List.of(m1, m2)) {
                m.clk.set(clk2);
                m.rstN.set(rstN);
                m.en.set(en);
                m.w.set(w);
            }
            m1.a.set(x);
            m1.b.set(m1.acc.bits(7, 0).xor(y));
            m2.a.set(m1.sum.bits(7, 0));
            m2.b.set(y);
            UInt seen = wire("seen", UInt(9));
            domain(clk2, rstN, ResetKind.ASYNC_LOW).run(() -> seen.set(regNext(m2.sum, 0).named("seen_q")));
            UInt steps = regInit(UInt(8), 0).named("steps");
            steps.set(steps.add(1));
            output("s2", UInt(9)).set(m2.sum);
            output("acc1", UInt(16)).set(m1.acc);
            output("acc2", UInt(16)).set(m2.acc);
            output("wrot", UInt(70)).set(m2.wrot);
            output("seen", UInt(9)).set(seen);
            output("steps", UInt(8)).set(steps);
        }
    }

    static final BehaviouralModels MODELS = BehaviouralModels.of("ext_mac", MacModel::new);

    @Test
    void theModelAgreesWithTheVerilogAtEveryPokeAndStep() {
        ClockDomainDifferentialTest.agree(Elaborator.elaborate(Top::new), MODELS, 1500, 28);
    }

    @Test
    void aMissingModelIsNamedWithHowToGiveOne() {
        Circuit c = Elaborator.elaborate(Top::new);
        for (String backend : JAVA_BACKENDS) {
            String m = assertThrows(IllegalArgumentException.class,
                    () -> Simulators.of(backend, c, BehaviouralModels.of("other", MacModel::new))).getMessage();
            String on = backend.equals("compiled") ? "compiled backend" : backend;
            assertTrue(m.contains("cannot simulate instance m1 of external module ext_mac on the " + on), m);
            assertTrue(m.contains("models are given for [other]"), m);
            assertTrue(m.contains("Simulators." + backend + "(circuit, BehaviouralModels.of(\"ext_mac\", ...))"), m);
        }
    }

    @Test
    void portsThatDoNotMatchTheDeclarationAreListed() {
        Circuit c = Elaborator.elaborate(Top::new);
        BehaviouralModel wrong = new MacModel(new ExternalInstance("m", "ext_mac", java.util.Map.of("SHIFT", "1"))) {
            @Override
            public ModelPorts ports() {
                return ModelPorts.of().clock("clk").fallingEdge("rst_n").input("en", 1).input("a", 8).input("b", 8)
                        .output("sum", 9, "a", "c").output("acc", 15).output("wrot", 70, "w").input("z", 2);
            }
        };
        for (String backend : JAVA_BACKENDS) {
            String m = assertThrows(IllegalArgumentException.class,
                    () -> Simulators.of(backend, c, BehaviouralModels.of("ext_mac", at -> wrong))).getMessage();
            assertTrue(m.startsWith("behavioural model of ext_mac (instance m1) does not match the module's ports: "), m);
            assertTrue(m.contains("it lacks input [70] w"), m);
            assertTrue(m.contains("acc is output [15] in the model, output [16] in the declaration"), m);
            assertTrue(m.contains("it has input [2] z, which the declaration does not"), m);
            assertTrue(m.contains("output sum depends on c, which is not an input of the model"), m);
            assertTrue(m.contains("output sum depends combinationally on b in the declaration, not in the model"), m);
            assertTrue(m.contains("the declaration has input [1] clk, input [1] rst_n"), m);
        }
    }

    @Test
    void aModelClaimingAPathItsModuleDoesNotDeclareIsRefused() {
        Circuit c = Elaborator.elaborate(Top::new);
        BehaviouralModel claiming = new MacModel(new ExternalInstance("m", "ext_mac", java.util.Map.of("SHIFT", "1"))) {
            @Override
            public ModelPorts ports() {
                ModelPorts mine = super.ports();
                ModelPorts out = ModelPorts.of();
                for (ModelPorts.Entry e : mine.entries()) {
                    switch (e.kind()) {
                        case CLOCK -> out.clock(e.name());
                        case FALLING_EDGE -> out.fallingEdge(e.name());
                        case INPUT -> out.input(e.name(), e.width());
                        default -> out.output(e.name(), e.width(), e.name().equals("acc")
                                ? new String[] {"en"} : e.combinationalInputs().toArray(new String[0]));
                    }
                }
                return out;
            }
        };
        for (String backend : JAVA_BACKENDS) {
            String m = assertThrows(IllegalArgumentException.class,
                    () -> Simulators.of(backend, c, BehaviouralModels.of("ext_mac", at -> claiming))).getMessage();
            assertTrue(m.contains("output acc depends combinationally on en in the model, not in the declaration"), m);
        }
    }

    @Test
    void aModelBreakingItsContractIsStoppedByName() {
        Circuit c = Elaborator.elaborate(Top::new);
        BehaviouralModels overflowing = BehaviouralModels.of("ext_mac", at -> new MacModel(at) {
            @Override
            public void evaluate(ModelIo io) {
                super.evaluate(io);
                io.set("acc", 1 << 16);
            }
        });
        for (String backend : JAVA_BACKENDS) {
            try (Simulator s = Simulators.of(backend, c, overflowing)) {
                String m = assertThrows(IllegalArgumentException.class, () -> s.peek("acc1")).getMessage();
                assertEquals("behavioural model of ext_mac (instance m1): output acc is 16 bits, set to 65536", m);
            }
        }
        BehaviouralModels settingOnEdge = BehaviouralModels.of("ext_mac", at -> new MacModel(at) {
            @Override
            public void clockEdge(String port, ModelIo io) {
                io.set("acc", 1);
            }
        });
        for (String backend : JAVA_BACKENDS) {
            try (Simulator s = Simulators.of(backend, c, settingOnEdge)) {
                s.poke("rst_n", 1);
                s.peek("acc1");
                s.poke("clk2", 1);
                String m = assertThrows(IllegalStateException.class, () -> s.peek("acc1")).getMessage();
                assertTrue(m.contains("output acc set in clockEdge; outputs are set in evaluate"), m);
            }
        }
    }

    @Test
    void aFactoryWhoseModelsChangeTheirPortsIsRefusedByTheCompiledInstance() {
        Circuit c = Elaborator.elaborate(Top::new);
        int[] made = {0};
        BehaviouralModels changing = BehaviouralModels.of("ext_mac", at -> made[0]++ < 2 ? new MacModel(at) : new MacModel(at) {
            @Override
            public ModelPorts ports() {
                return ModelPorts.of().clock("clk").fallingEdge("rst_n").input("en", 1).input("a", 8).input("b", 8)
                        .input("w", 70).output("acc", 16).output("sum", 9, "a", "b").output("wrot", 70, "w");
            }
        });
        CompiledModel compiled = Simulators.compiledModel(c, changing);
        String m = assertThrows(IllegalStateException.class, compiled::newInstance).getMessage();
        assertEquals("behavioural model of ext_mac (instance m1) declares other ports than the model made when the design "
                + "was compiled: the factory of a module must make models with the same ports", m);
    }

    @Test
    void anInputReadInEvaluateButNotDeclaredIsRefusedWithTheFix() {
        Circuit c = Elaborator.elaborate(Top::new);
        BehaviouralModels lagging = BehaviouralModels.of("ext_mac", at -> new MacModel(at) {
            @Override
            public void evaluate(ModelIo io) {
                super.evaluate(io);
                if (io.evaluates("sum")) {
                    io.set("sum", io.get("a") + io.get("b") + io.get("en"));  // en is declared for no output
                }
            }
        });
        for (String backend : JAVA_BACKENDS) {
            try (Simulator s = Simulators.of(backend, c, lagging)) {
                String m = assertThrows(IllegalStateException.class, () -> s.peek("s2")).getMessage();
                assertTrue(m.startsWith("behavioural model of ext_mac (instance m1) read input en in evaluate while "
                        + "computing [sum], which are not declared to depend on en"), m);
                assertTrue(m.contains("declare it in output(name, width, combinationalInputs...)"), m);
            }
        }
        BehaviouralModels readingOtherGroups = BehaviouralModels.of("ext_mac", at -> new MacModel(at) {
            @Override
            public void evaluate(ModelIo io) {
                io.set("acc", io.get("a"));  // acc is declared registered: it may read no input
            }
        });
        for (String backend : JAVA_BACKENDS) {
            try (Simulator s = Simulators.of(backend, c, readingOtherGroups)) {
                String m = assertThrows(IllegalStateException.class, () -> s.peek("acc1")).getMessage();
                assertTrue(m.contains("read input a in evaluate while computing [acc]"), m);
            }
        }
    }

    /** A loop that closes through the combinational sum of the external module. */
    static final class Loop extends Module {
        Loop(boolean declarePaths) {
            Bool clk2 = input("clk2", Bool());
            Mac m = instance("m", new Mac(1, declarePaths));
            m.clk.set(clk2);
            m.rstN.set(TRUE());
            m.en.set(FALSE());
            m.w.set(lit(0, 70));
            m.a.set(m.sum.bits(7, 0));
            m.b.set(lit(1, 8));
            output("acc", UInt(16)).set(m.acc);
        }
    }

    @Test
    void aLoopThroughADeclaredPathIsFoundAtElaboration() {
        String m = assertThrows(HdlException.class, () -> Elaborator.elaborate(() -> new Loop(true))).getMessage();
        assertTrue(m.contains("combinational loop in module Loop: "), m);
    }

    @Test
    void aPathOnlyTheModelDeclaresIsRefusedBeforeItCanHideALoop() {
        Circuit c = Elaborator.elaborate(() -> new Loop(false));
        for (String backend : JAVA_BACKENDS) {
            String m = assertThrows(IllegalArgumentException.class, () -> Simulators.of(backend, c, MODELS)).getMessage();
            assertTrue(m.contains("output sum depends combinationally on a in the model, not in the declaration"), m);
        }
    }
}

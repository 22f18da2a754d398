package tagmatch.sim;

import static tagmatch.hdl.core.Hdl.*;

import tagmatch.hdl.core.Bool;
import tagmatch.hdl.core.Module;
import tagmatch.hdl.core.SInt;
import tagmatch.hdl.core.UInt;
import tagmatch.sim.backends.Simulators;

/** Designs with {@code printf}s, and the one stimulus every backend runs them with. */
public final class PrintDesigns {
    private PrintDesigns() {}

    /** A counter that prints itself in every radix, a wide value, signed values, and a percent sign, under a when and a condition. */
    public static final class Counting extends Module {
        public Counting() {
            Bool en = input("en", Bool());
            UInt n = regInit(UInt(8), 0).named("n");
            when(en, () -> n.set(n.add(1)));
            output("count", UInt(8)).set(n);
            SInt low = n.bits(3, 0).asSInt().named("low");
            SInt wideLow = cat(n.bits(3, 0), lit(0, 62)).asSInt().named("wide_low");
            when(en, () -> printf(n.bits(0, 0).eq(lit(0, 1)), "n=%d hex=%x bin=%b wide=%h 100%% signed %d %x %b %d\n",
                    n, n, n, cat(n, lit(0, 56), n), low, low, low, wideLow));
            printf(n.eq(lit(7, 8)), "seven \"quoted\"\\ %d\t|", n.bits(2, 0));
        }
    }

    /** Resets, then runs 40 cycles with {@code en} off every fifth. */
    public static void drive(Simulator s) {
        s.reset();
        for (int i = 0; i < 40; i++) {
            s.poke("en", i % 5 == 4 ? 0 : 1);
            s.step();
        }
    }

    /**
     * Run in a child JVM: prints the Counting design on Verilator and fires an assertion, both into
     * a buffer, then writes {@code CAPTURED:<text>FAILED:<property>} as the only output of the
     * process; anything Verilator wrote natively would show in the parent's reading before it.
     */
    public static void main(String[] args) {
        java.io.ByteArrayOutputStream buf = new java.io.ByteArrayOutputStream();
        java.io.PrintStream to = new java.io.PrintStream(buf, true, java.nio.charset.StandardCharsets.UTF_8);
        try (Simulator s = Simulators.verilator(tagmatch.hdl.core.Elaborator.elaborate(Counting::new))) {
            s.printTo(to);
            drive(s);
        }
        String failed = "nothing";
        try (Simulator s = Simulators.verilator(tagmatch.hdl.core.Elaborator.elaborate(() -> new CheckedCounter(9, true)))) {
            s.printTo(to);
            s.reset();
            s.poke("en", 1);
            s.step(20);
        } catch (PropertyFailure f) {
            failed = f.property();
        }
        System.out.print("CAPTURED:" + buf.toString(java.nio.charset.StandardCharsets.UTF_8) + "FAILED:" + failed);
    }
}

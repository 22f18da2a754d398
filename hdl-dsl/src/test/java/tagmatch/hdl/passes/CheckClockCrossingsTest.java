package tagmatch.hdl.passes;

import org.junit.jupiter.api.Test;
import tagmatch.hdl.core.Bool;
import tagmatch.hdl.core.Elaborator;
import tagmatch.hdl.core.Module;
import tagmatch.hdl.core.UInt;
import tagmatch.hdl.ir.HdlException;
import tagmatch.hdl.lib.AsyncFifo;
import tagmatch.hdl.lib.Synchronizer;

import java.util.function.Supplier;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static tagmatch.hdl.core.Hdl.*;

/**
 * A value of one clock domain read by a register of another is refused at elaboration, naming
 * both clocks and where the value was described, unless a synchronizer, an AsyncFifo or the
 * user's mark carries it across; the same across instance ports.
 */
class CheckClockCrossingsTest {
    private static String refused(Supplier<? extends Module> design) {
        return assertThrows(HdlException.class, () -> Elaborator.elaborate(design)).getMessage();
    }

    @Test
    void aRegisterSampledDirectlyByAnotherDomainIsRefused() {
        String msg = refused(() -> new Module() {{
            Bool clkB = input("clk_b", Bool());
            UInt d = input("d", UInt(8));
            UInt fast = regNext(d).named("fast");
            UInt[] slow = new UInt[1];
            withClock(clkB, () -> slow[0] = regNext(fast.add(1)).named("slow"));
            output("y", UInt(8)).set(slow[0]);
        }});
        assertTrue(msg.contains("clock-domain crossing"), msg);
        assertTrue(msg.contains("register slow of clock clk_b reads register fast of clock clk"), msg);
        assertTrue(msg.contains("(described at CheckClockCrossingsTest.java:"), msg);
        assertTrue(msg.contains("Synchronizer") && msg.contains("crossClockDomain()"), msg);
    }

    @Test
    void aSynchronizerAnAsyncFifoOrTheMarkCarryTheValueAcross() {
        assertDoesNotThrow(() -> Elaborator.elaborate(() -> new Module() {{
            Bool clkB = input("clk_b", Bool());
            UInt d = input("d", UInt(1));
            UInt flag = regNext(d).named("flag");
            UInt word = regNext(d.pad(8)).named("word");
            UInt[] out = new UInt[2];
            withClock(clkB, () -> {
                out[0] = Synchronizer.sync(flag, 2, "flag_sync");
                out[1] = regNext(word).named("captured").crossClockDomain();
            });
            output("y", UInt(1)).set(out[0]);
            output("z", UInt(8)).set(out[1]);
        }}));
        assertDoesNotThrow(() -> Elaborator.elaborate(() -> new Module() {{
            Bool clkB = input("clk_b", Bool());
            Bool rstBN = input("rst_b_n", Bool());
            Bool rstN = input("rst_a_n", Bool());
            UInt d = input("d", UInt(8));
            AsyncFifo<UInt> f = instance("cross", new AsyncFifo<>(4, UInt(8)));
            f.wclk.set(clock());
            f.wrstN.set(rstN);
            f.enq.valid.set(TRUE());
            f.enq.bits.set(regNext(d));
            f.rclk.set(clkB);
            f.rrstN.set(rstBN);
            f.deq.ready.set(TRUE());
            UInt[] out = new UInt[1];
            withClock(clkB, () -> out[0] = regNext(f.deq.bits));
            output("y", UInt(8)).set(out[0]);
        }}));
    }

    @Test
    void aModuleThatAllowsCrossingsIsNotChecked() {
        assertDoesNotThrow(() -> Elaborator.elaborate(() -> new Module() {{
            allowClockCrossings();
            Bool clkB = input("clk_b", Bool());
            UInt d = input("d", UInt(8));
            UInt fast = regNext(d).named("fast");
            UInt[] slow = new UInt[1];
            withClock(clkB, () -> slow[0] = regNext(fast).named("slow"));
            output("y", UInt(8)).set(slow[0]);
        }}));
    }

    /** Registers its input in its own clock. */
    static final class Capture extends Module {
        final Bool clkIn = input("clk_in", Bool());
        final UInt in = input("in", UInt(8));
        final UInt out = output("out", UInt(8));

        Capture() {
            withClock(clkIn, () -> out.set(regNext(in.xor(lit(1, 8))).named("held")));
        }
    }

    @Test
    void aCrossingThroughAChildsInputIsRefusedWithTheChildsRegisterNamed() {
        String msg = refused(() -> new Module() {{
            Bool clkB = input("clk_b", Bool());
            UInt d = input("d", UInt(8));
            UInt fast = regNext(d).named("fast");
            Capture c = instance("cap", new Capture());
            c.clkIn.set(clkB);
            c.in.set(fast);
            output("y", UInt(8)).set(c.out);
        }});
        assertTrue(msg.contains("register held of cap (input in) of clock clk_b reads register fast of clock clk"), msg);
    }

    @Test
    void aChildInTheSameDomainIsNotACrossing() {
        assertDoesNotThrow(() -> Elaborator.elaborate(() -> new Module() {{
            UInt d = input("d", UInt(8));
            Capture c = instance("cap", new Capture());
            c.clkIn.set(clock());
            c.in.set(regNext(d));
            output("y", UInt(8)).set(regNext(c.out));
        }}));
    }
}

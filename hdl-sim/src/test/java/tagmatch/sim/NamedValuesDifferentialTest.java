package tagmatch.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static tagmatch.hdl.core.Hdl.*;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tagmatch.hdl.backend.VerilogEmitter;
import tagmatch.hdl.backend.VerilogTools;
import tagmatch.hdl.core.Bool;
import tagmatch.hdl.core.Elaborator;
import tagmatch.hdl.core.Mem;
import tagmatch.hdl.core.Module;
import tagmatch.hdl.core.UInt;
import tagmatch.hdl.core.Vec;
import tagmatch.hdl.ir.Circuit;

/**
 * Values named with {@code named} (a mux, a memory read, a hardware-indexed {@code Vec} element
 * that is still written through, a literal) and what the backend writes without temporaries (a
 * long OR chain, a long priority mux chain, a fill, a double inversion through a concatenation)
 * compute the same on both backends as in a Java model.
 */
class NamedValuesDifferentialTest {
    static final class NamedValues extends Module {
        final Bool s = input(Bool());
        final Bool we = input(Bool());
        final UInt a = input(UInt(8));
        final UInt i = input(UInt(2));
        final UInt v = input(UInt(16));
        final UInt o1 = output(UInt(8));
        final Bool o2 = output(Bool());
        final UInt o3 = output(UInt(8));
        final UInt o4 = output(UInt(8));
        final UInt o5 = output(UInt(9));

        NamedValues() {
            Vec<UInt> slots = regZero(Vec(4, () -> UInt(8))).named("slots");
            UInt slot = slots.at(i).named("slot");
            when(we, () -> slot.set(a));
            Mem<UInt> ram = mem(4, UInt(8)).named("ram");
            when(we, () -> ram.write(i, a));
            UInt word = ram.read(i).named("word");
            UInt pick = mux(s, a, word).named("pick");
            UInt k = lit(0x5A, 8).named("k");
            o1.set(pick.xor(slot).xor(k).xor(word));
            Bool any = v.bit(15);
            for (int b = 14; b >= 0; b--) any = v.bit(b).or(any);
            o2.set(any);
            List<UInt> choices = List.of(a, word, slot, k, a.xor(lit(1, 8)), word.xor(lit(2, 8)), slot.xor(lit(3, 8)), pick);
            UInt chain = lit(0, 8);
            for (int b = 7; b >= 0; b--) chain = mux(v.bit(b), choices.get(b), chain);
            o3.set(chain);
            o4.set(fill(8, s).and(a));
            o5.set(cat(s.not(), a).not());
        }
    }

    @Test
    void namedValuesAndUnbrokenChainsAgreeWithTheModel() {
        Circuit c = Elaborator.elaborate(NamedValues::new);
        long[] slots = new long[4];
        long[] ram = new long[4];
        Differential.run(c, 2000, 11, Differential.afterReset("rst", f -> {
            boolean fill = f.cycle < 4;
            f.set("we", fill ? 1 : f.random.nextInt(2));
            f.set("i", fill ? f.cycle : f.random.nextInt(4));
            f.set("s", f.random.nextInt(2));
            f.set("a", f.random.nextInt(256));
            f.set("v", f.random.nextInt(8) == 0 ? 0 : f.random.nextInt(1 << 16) >> f.random.nextInt(16));
        }), f -> {
            int i = (int) f.get("i");
            long a = f.get("a");
            long v = f.get("v");
            boolean s = f.bit("s");
            if (f.cycle >= 4) {
                long word = ram[i];
                long slot = slots[i];
                long pick = s ? a : word;
                long k = 0x5A;
                assertEquals(pick ^ slot ^ k ^ word, f.get("o1"), "o1 at cycle " + f.cycle);
                long[] choices = {a, word, slot, k, a ^ 1, word ^ 2, slot ^ 3, pick};
                long chain = 0;
                for (int b = 7; b >= 0; b--) if ((v >> b & 1) != 0) chain = choices[b];
                assertEquals(chain, f.get("o3"), "o3 at cycle " + f.cycle);
            }
            assertEquals(v != 0 ? 1 : 0, f.get("o2"), "o2 at cycle " + f.cycle);
            assertEquals(s ? a : 0, f.get("o4"), "o4 at cycle " + f.cycle);
            assertEquals((s ? 256 : 0) | (~a & 0xFF), f.get("o5"), "o5 at cycle " + f.cycle);
            if (f.bit("we")) {
                ram[i] = a;
                if (!f.bit("rst")) slots[i] = a;
            }
            if (f.bit("rst")) java.util.Arrays.fill(slots, 0);
        });
    }

    @Test
    void namedValuesDesignHasNoTemporariesAndIsLintClean(@TempDir Path dir) throws java.io.IOException {
        Circuit c = Elaborator.elaborate(NamedValues::new);
        String text = VerilogEmitter.emit(c);
        assertTrue(!text.matches("(?s).*\\b_T(_[0-9]+)?\\b.*"), text);
        List<Path> files = VerilogEmitter.writeFiles(c, dir);
        String top = c.top().name();
        for (VerilogTools.Result r : List.of(VerilogTools.verilatorLint(files, top), VerilogTools.yosys(files, top),
                VerilogTools.iverilog(files, top))) {
            assertTrue(r.ok(), () -> r.tool() + " rejected " + top + ":\n" + r.output());
        }
    }
}

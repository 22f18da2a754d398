package tagmatch.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tagmatch.hdl.core.Elaborator;
import tagmatch.hdl.ir.Circuit;
import tagmatch.sim.backends.Simulators;

/** Initialised memories, ROMs, masked writes, read-during-write choices and odd depths mean the same on both backends. */
class MemoryDifferentialTest {

    @Test
    void maskedOddDepthRamAgreesCycleByCycle() {
        Circuit c = Elaborator.elaborate(MemoryDesigns.MaskedRam::new);
        // Addresses cover the 24 words and the 8 beyond them; writes and reads often collide.
        Differential.run(c, 3000, 7, f -> {
            f.set("we", f.random.nextInt(3) == 0 ? 0 : 1);
            f.set("re", f.random.nextInt(4) == 0 ? 0 : 1);
            long a = f.random.nextInt(32);
            f.set("waddr", a);
            f.set("raddr", f.random.nextBoolean() ? a : f.random.nextInt(32));
            f.set("wdata", f.random.nextInt(1 << 16));
            f.set("wmask", f.random.nextInt(4));
        }, null);
    }

    @Test
    void initialContentsReadBackBeforeAnyWrite() {
        Circuit c = Elaborator.elaborate(MemoryDesigns.MaskedRam::new);
        for (Simulator s : new Simulator[] {Simulators.verilator(c), Simulators.interpreter(c)}) {
            try (s) {
                long[] want = {0x1111, 0x2222, 0x3333, 0xffff, 0};
                for (int a = 0; a < want.length; a++) {
                    s.poke("raddr", a);
                    assertEquals(want[a], s.peek("now"), s.backend() + " word " + a);
                }
                s.poke("raddr", 30);
                assertEquals(0, s.peek("now"), s.backend() + ": beyond the depth reads 0");
            }
        }
    }

    @Test
    void readDuringWriteGivesTheOldOrTheNewWordAsChosen() {
        Circuit c = Elaborator.elaborate(MemoryDesigns.MaskedRam::new);
        for (Simulator s : new Simulator[] {Simulators.verilator(c), Simulators.interpreter(c)}) {
            try (s) {
                s.poke("we", 1);
                s.poke("re", 1);
                s.poke("waddr", 1);
                s.poke("raddr", 1);
                s.poke("wdata", 0xabcd);
                s.poke("wmask", 0b10);
                s.step();
                assertEquals(0x2222, s.peek("old"), s.backend());
                assertEquals(0xab22, s.peek("fresh"), s.backend() + ": the written high byte, the old low byte");
                assertEquals(0x2222, s.peek("any"), s.backend() + ": undefined is simulated as old");
                assertEquals(0xab22, s.peek("now"), s.backend());
            }
        }
    }

    @Test
    void romAndTwoWritePortsAgreeCycleByCycle() {
        Circuit c = Elaborator.elaborate(MemoryDesigns.RomAndTwoPorts::new);
        Differential.run(c, 2000, 11, Differential.randomInputs(CircuitDesigns.of(c)), null);
    }

    @Test
    void twoMaskedWritesToOneWordOnOneEdgeKeepBothLanes() {
        Circuit c = Elaborator.elaborate(MemoryDesigns.TwoMaskedWriters::new);
        for (String backend : Simulators.BACKENDS) {
            try (Simulator s = Simulators.of(backend, c)) {
                s.poke("w0", 1);
                s.poke("w1", 1);
                s.poke("a0", 2);
                s.poke("a1", 2);
                s.poke("d0", 0xaaaaaaaaL);
                s.poke("d1", 0xbbbbbbbbL);
                s.poke("m0", 0b00001);
                s.poke("m1", 0b00010);
                s.step();
                s.poke("w0", 0);
                s.poke("w1", 0);
                s.poke("ra", 2);
                assertEquals(0xbbaa, s.peek("qn"), backend + ": the low byte from one write, the high from the other");
                assertEquals(java.math.BigInteger.valueOf(0xbbbbaaaaL), s.peekWide("qw"), backend + ": lane 0 from one write, lane 1 from the other");
            }
        }
        // Addresses in four words and random masks: the two writes often share a word, overlapping or not.
        Differential.run(c, 1500, 5, Differential.randomInputs(CircuitDesigns.of(c)), null);
    }

    @Test
    void contentsFromAHexFileAgree(@TempDir Path dir) throws Exception {
        Path hex = dir.resolve("ram.hex");
        Files.writeString(hex, "// boot image\n00a 0_0b\n@4 fff /* last */ 123\n");
        Circuit c = Elaborator.elaborate(() -> new MemoryDesigns.FileRam(hex.toAbsolutePath()));
        for (Simulator s : new Simulator[] {Simulators.verilator(c), Simulators.interpreter(c)}) {
            try (s) {
                long[] want = {0xa, 0xb, 0, 0, 0xfff, 0x123};
                for (int a = 0; a < want.length; a++) {
                    s.poke("a", a);
                    assertEquals(want[a], s.peek("q"), s.backend() + " word " + a);
                }
            }
        }
        Differential.run(c, 500, 3, Differential.randomInputs(CircuitDesigns.of(c)), null);
    }
}

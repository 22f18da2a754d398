package tagmatch.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigInteger;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tagmatch.hdl.backend.VerilogEmitter;
import tagmatch.hdl.backend.VerilogTools;
import tagmatch.hdl.core.Elaborator;
import tagmatch.hdl.ir.Circuit;

/**
 * Bundles and vectors of bundles used as values (wire, mux, fromBits, reg, regNext, regEnable,
 * regInit from a literal bundle, a Vec of bundles indexed in hardware, a memory of bundles,
 * asUInt) and the generic library over a bundle type (SyncFifo, PriorityTree, OneHotMux, Pipe,
 * bulk connection of streams with a flipped ready): both backends cycle by cycle against a plain
 * Java model that works on the packed bits.
 */
class AggregateDifferentialTest {
    private static final int CYCLES = 2000;

    /** Entry(true) as its 20 bits: tag[19:8], wild[7], delta[6:4], mask[3:0]. */
    private static long packMasked(Differential.Frame f, String p) {
        return f.get(p + "_tag") << 8 | f.get(p + "_wild") << 7 | f.get(p + "_delta") << 4 | f.get(p + "_mask");
    }

    /** Entry(false) as its 16 bits: tag[15:4], wild[3], delta[2:0]. */
    private static long pack(Differential.Frame f, String p) {
        return f.get(p + "_tag") << 4 | f.get(p + "_wild") << 3 | f.get(p + "_delta");
    }

    private static void randomEntry(Differential.Frame f, String p, boolean masked) {
        f.set(p + "_tag", f.random.nextInt(1 << 12));
        f.set(p + "_wild", f.random.nextInt(2));
        f.set(p + "_delta", f.random.nextInt(8));
        if (masked) {
            f.set(p + "_mask", f.random.nextInt(16));
        }
    }

    @Test
    void bundleStorageAndConversionsAgreeWithTheModel() {
        Circuit c = Elaborator.elaborate(AggregateDesigns.Storage::new);
        long[] slots = new long[4];
        long[] ram = new long[8];
        long[] regs = new long[4]; // delayed, held, counted, wordSync
        int[] checked = new int[1];
        Differential.run(c, CYCLES, 11, Differential.afterReset("rst", f -> {
            f.set("in_valid", f.random.nextInt(2));
            randomEntry(f, "in_bits", true);
            f.set("sel", f.random.nextInt(2));
            f.set("raw", f.random.nextInt(1 << 20));
            f.set("idx", f.random.nextInt(4));
            f.set("addr", f.random.nextInt(8));
            f.set("we", f.random.nextInt(3) == 0 ? 1 : 0);
        }), f -> {
            long in = packMasked(f, "in_bits");
            long picked = f.bit("sel") ? in : f.get("raw");
            assertEquals(picked, packMasked(f, "picked"), "picked at cycle " + f.cycle);
            assertEquals(regs[0], packMasked(f, "delayed"), "delayed at cycle " + f.cycle);
            assertEquals(regs[1], packMasked(f, "held"), "held at cycle " + f.cycle);
            int idx = (int) f.get("idx");
            int addr = (int) f.get("addr");
            assertEquals(slots[idx], packMasked(f, "slot"), "slot at cycle " + f.cycle);
            assertEquals(ram[addr], packMasked(f, "word"), "word at cycle " + f.cycle);
            assertEquals(regs[3], packMasked(f, "wordSync"), "wordSync at cycle " + f.cycle);
            BigInteger packed = BigInteger.ZERO;
            for (int i = 3; i >= 0; i--) {
                packed = packed.shiftLeft(20).or(BigInteger.valueOf(slots[i]));
            }
            assertEquals(packed, f.big("flat"), "flat at cycle " + f.cycle);
            if (f.bit("rst")) {
                regs[2] = 0x5A5A5;
            } else {
                assertEquals(regs[2], packMasked(f, "reset"), "reset at cycle " + f.cycle);
                if (f.bit("in_valid")) {
                    regs[2] = in;
                }
            }
            // The clock edge.
            regs[0] = picked;
            if (f.bit("in_valid")) {
                regs[1] = in;
                regs[3] = ram[addr];
            }
            if (f.bit("we")) {
                slots[idx] = in;
                ram[addr] = in;
            }
            checked[0]++;
        });
        assertEquals(CYCLES, checked[0]);
    }

    @Test
    void genericLibraryOverABundleAgreesWithTheModel() {
        Circuit c = Elaborator.elaborate(AggregateDesigns.Channel::new);
        Deque<Long> q = new ArrayDeque<>();
        long[] pipe = new long[4]; // valid0, bits0, valid1, bits1
        int[] transfers = new int[1];
        Differential.run(c, CYCLES, 12, Differential.afterReset("rst", f -> {
            int phase = (f.cycle / 150) % 3;
            f.set("in_valid", f.random.nextInt(4) < (phase == 0 ? 3 : 1) ? 1 : 0);
            randomEntry(f, "in_bits", false);
            f.set("out_ready", f.random.nextInt(4) < (phase == 1 ? 3 : 1) ? 1 : 0);
            for (int i = 0; i < 4; i++) {
                f.set("cand_" + i + "_valid", f.random.nextInt(3) == 0 ? 1 : 0);
                randomEntry(f, "cand_" + i + "_bits", false);
            }
            f.set("grant", 1 << f.random.nextInt(4));
        }), f -> {
            if (f.bit("rst")) {
                q.clear();
                java.util.Arrays.fill(pipe, 0);
                return;
            }
            assertEquals(q.size() < 4 ? 1 : 0, f.get("in_ready"), "in_ready at cycle " + f.cycle);
            assertEquals(q.isEmpty() ? 0 : 1, f.get("out_valid"), "out_valid at cycle " + f.cycle);
            if (!q.isEmpty()) {
                assertEquals(q.peekFirst(), pack(f, "out_bits"), "out_bits at cycle " + f.cycle);
            }
            int winner = -1;
            for (int i = 3; i >= 0; i--) {
                if (f.bit("cand_" + i + "_valid")) {
                    winner = i;
                }
            }
            assertEquals(winner >= 0 ? 1 : 0, f.get("first_valid"), "first_valid at cycle " + f.cycle);
            if (winner >= 0) {
                assertEquals(winner, f.get("firstIndex"), "firstIndex at cycle " + f.cycle);
                assertEquals(pack(f, "cand_" + winner + "_bits"), pack(f, "first_bits"), "first_bits at cycle " + f.cycle);
            }
            int g = Integer.numberOfTrailingZeros((int) f.get("grant"));
            assertEquals(pack(f, "cand_" + g + "_bits"), pack(f, "granted"), "granted at cycle " + f.cycle);
            assertEquals(pipe[2], f.get("late_valid"), "late_valid at cycle " + f.cycle);
            if (pipe[2] == 1) {
                assertEquals(pipe[3], pack(f, "late_bits"), "late_bits at cycle " + f.cycle);
            }
            if (f.bit("out_valid") && f.bit("out_ready")) {
                q.removeFirst();
                transfers[0]++;
            }
            if (f.bit("in_valid") && f.bit("in_ready")) {
                q.addLast(pack(f, "in_bits"));
            }
            if (pipe[0] == 1) {
                pipe[3] = pipe[1];
            }
            pipe[2] = pipe[0];
            if (f.bit("cand_0_valid")) {
                pipe[1] = pack(f, "cand_0_bits");
            }
            pipe[0] = f.get("cand_0_valid");
        });
        assertTrue(transfers[0] > 200, "transfers through the FIFO: " + transfers[0]);
    }

    @Test
    void aggregateDesignsAreCleanUnderVerilatorYosysAndIverilog(@TempDir java.nio.file.Path dir) throws java.io.IOException {
        for (Circuit c : List.of(Elaborator.elaborate(AggregateDesigns.Storage::new),
                Elaborator.elaborate(AggregateDesigns.Channel::new))) {
            java.nio.file.Path out = dir.resolve(c.top().name());
            List<java.nio.file.Path> files = VerilogEmitter.writeFiles(c, out);
            String top = c.top().name();
            for (VerilogTools.Result r : List.of(VerilogTools.verilatorLint(files, top), VerilogTools.yosys(files, top),
                    VerilogTools.iverilog(files, top))) {
                assertTrue(r.ok(), () -> r.tool() + " rejected " + top + ":\n" + r.output());
            }
        }
    }
}

package tagmatch.hdl.backend;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tagmatch.hdl.core.Bool;
import tagmatch.hdl.core.Elaborator;
import tagmatch.hdl.core.Module;
import tagmatch.hdl.core.UInt;
import tagmatch.hdl.ir.Circuit;
import tagmatch.hdl.lib.PriorityTree;
import tagmatch.hdl.lib.SyncFifo;
import tagmatch.hdl.testdesigns.KitchenSink;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static tagmatch.hdl.core.Hdl.*;

/**
 * The Verilog reads as a designer would write it: no pass-through wires between instances, no
 * name that only copies another, declarations in the order the design was described, a source
 * locator on every statement, a priority index in named levels. Every design here is also
 * checked with Verilator's lint, yosys and iverilog.
 */
class ReadableVerilogTest {
    /** One stage of a shift chain: registers its input. */
    static final class Stage extends Module {
        final Bool in = input(Bool());
        final UInt data = input(UInt(4));
        final Bool out = output(Bool());
        final UInt q = output(UInt(4));

        Stage() {
            out.set(regNext(in, 0));
            q.set(regNext(data));
        }
    }

    /** Twelve stages in a row (names up to stage_11) and a suffix OR over their valids. */
    static final class Chain extends Module {
        final Bool in = input(Bool());
        final UInt data = input(UInt(4));
        final Bool out = output(Bool());
        final UInt q = output(UInt(4));
        final Bool anyEmpty = output(Bool());

        Chain() {
            List<Stage> s = new ArrayList<>();
            for (int i = 0; i < 12; i++) s.add(instance("stage_" + i, new Stage()));
            s.get(0).in.set(in);
            s.get(0).data.set(data);
            for (int i = 1; i < 12; i++) {
                s.get(i).in.set(s.get(i - 1).out);
                s.get(i).data.set(s.get(i - 1).q);
            }
            out.set(s.get(11).out);
            q.set(s.get(11).q);
            Bool acc = null;
            for (int i = 11; i >= 0; i--) {
                Bool e = s.get(i).out.not();
                acc = acc == null ? e : acc.or(e);
                if (i > 0) wireOf("space_" + i, acc);
            }
            anyEmpty.set(acc);
        }
    }

    @Test
    void instanceOutputFeedsInputWithoutPassThroughWire(@TempDir Path dir) throws IOException {
        String v = checked(Chain::new, "Chain", dir);
        assertTrue(v.contains("  Stage stage_1 ( // @[ReadableVerilogTest.java:57]\n    .clk(clk),\n    .rst(rst),\n    .in(stage_0_out),\n    .data(stage_0_q),"), v);
        assertFalse(v.contains("stage_1_in"), v);
        assertFalse(v.contains("stage_1_data"), v);
        // The last stage's outputs are the module's outputs: connected to them, not copied.
        String chain = module(v, "Chain");
        assertTrue(chain.contains("    .out(out),\n    .q(q)\n  );"), chain);
        assertFalse(chain.contains("assign q ="), chain);
    }

    @Test
    void noNameOnlyCopiesAnother(@TempDir Path dir) throws IOException {
        String v = checked(Chain::new, "Chain", dir);
        // stage_11's out is the module's output 'out', so that is its name here.
        assertTrue(v.contains("  assign space_11 = ~out;"), v);
        assertTrue(v.contains("  assign space_10 = space_11 | (~stage_10_out);"), v);
        assertTrue(v.contains("  assign anyEmpty = space_1 | (~stage_0_out);"), v);
        assertFalse(v.contains("_T"), v);
        for (String design : List.of(v, checked(KitchenSink::new, "KitchenSink", dir.resolve("ks")),
                checked(() -> new SyncFifo<>(4, new UInt(8)), "SyncFifo", dir.resolve("fifo"))))
            assertEquals(List.of(), copiesOfWires(design), design);
    }

    @Test
    void unnamedWireIsReplacedByItsValue(@TempDir Path dir) throws IOException {
        String v = checked(KitchenSink::new, "KitchenSink", dir);
        assertFalse(v.contains("_WIRE"), v);
        assertTrue(v.contains("  output reg  [7:0]        picked,"), v);
        assertTrue(v.contains("      2'd2: picked = {_REG_2[3:0], _REG_3[7:4]};"), v);
    }

    @Test
    void declarationsInNaturalOrder(@TempDir Path dir) throws IOException {
        String v = checked(Chain::new, "Chain", dir);
        List<String> wires = new ArrayList<>();
        Matcher w = Pattern.compile("(?m)^  wire\\s+(?:\\[\\d+:0\\]\\s+)?(stage_\\d+_\\w+);").matcher(v);
        while (w.find()) wires.add(w.group(1));
        assertEquals("stage_0_out", wires.get(0), v);
        assertTrue(wires.indexOf("stage_2_out") < wires.indexOf("stage_10_out"), wires::toString);
        assertTrue(wires.indexOf("stage_1_out") < wires.indexOf("stage_1_q"), wires::toString);
        List<String> spaces = new ArrayList<>();
        Matcher s = Pattern.compile("(?m)^  wire\\s+(space_\\d+);").matcher(v);
        while (s.find()) spaces.add(s.group(1));
        assertEquals(List.of("space_11", "space_10", "space_9", "space_8", "space_7", "space_6", "space_5", "space_4",
                "space_3", "space_2", "space_1"), spaces, "source order");
    }

    @Test
    void temporariesCarryLocators(@TempDir Path dir) throws IOException {
        for (String v : List.of(checked(KitchenSink::new, "KitchenSink", dir.resolve("ks")),
                checked(() -> new SyncFifo<>(4, new UInt(8)), "SyncFifo", dir.resolve("fifo")),
                checked(() -> new PriorityTree<>(16, new UInt(4), 4), "PriorityTree", dir.resolve("tree")),
                checked(Chain::new, "Chain", dir.resolve("chain")))) {
            // A long statement continues on the next lines (after a trailing operator); its locator ends it.
            for (String line : v.replaceAll("([:|&^])\n +", "$1 ").split("\n")) {
                String t = line.strip();
                if (t.startsWith("assign ") || t.startsWith("always ") || line.matches("  \\w+ \\w+ \\(.*"))
                    assertTrue(line.matches(".*// @\\[[A-Za-z]+\\.java:\\d+.*\\]"), () -> "no locator on: " + line + "\n" + v);
            }
        }
        String ks = checked(KitchenSink::new, "KitchenSink", dir.resolve("ks2"));
        assertTrue(ks.contains("  always @(*) begin // @[KitchenSink.java:41]\n    case (sel)\n      2'd0: _T = _REG;"), ks);
    }

    @Test
    void priorityIndexWrittenAsNamedLevels(@TempDir Path dir) throws IOException {
        String v = checked(() -> new PriorityTree<>(8, new UInt(4), 2), "PriorityTree", dir);
        assertTrue(v.contains("  assign sel_l1_0_index = ~in_0_valid;"), v);
        assertTrue(v.contains("  assign sel_l1_0_valid = in_0_valid | in_1_valid;"), v);
        assertTrue(v.contains("  assign sel_l2_1_index = {~sel_l1_2_valid, sel_l1_2_valid ? sel_l1_2_index : sel_l1_3_index};"), v);
        assertTrue(v.contains("  assign out_index = {~sel_l2_0_valid, sel_l2_0_valid ? sel_l2_0_index : sel_l2_1_index};"), v);
        assertFalse(v.contains("_T"), v);
        // Declared level by level, node by node.
        assertTrue(v.indexOf("wire       sel_l1_3_valid;") < v.indexOf("wire [1:0] sel_l2_0_index;"), v);
        // Radix 4: the local choice is a chain of literals, named like the rest.
        String r4 = checked(() -> new PriorityTree<>(16, new UInt(4), 4), "PriorityTree", dir.resolve("r4"));
        assertTrue(r4.contains("  assign sel_l1_0_index = in_0_valid ? 2'd0 : in_1_valid ? 2'd1 : in_2_valid ? 2'd2 : 2'd3;"), r4);
    }

    @Test
    void unreadLevelsAreNotDeclared(@TempDir Path dir) throws IOException {
        String v = checked(ValidOnly::new, "ValidOnly", dir);
        assertFalse(v.contains("_index"), v);
        assertTrue(v.contains("  assign sel_l1_0_valid = a[0] | a[1];"), v);
    }

    /** Uses only the valid of a selection: the index levels must vanish, or lint would flag them. */
    static final class ValidOnly extends Module {
        final UInt a = input(UInt(4));
        final Bool any = output(Bool());

        ValidOnly() {
            List<Bool> v = new ArrayList<>();
            for (int i = 0; i < 4; i++) v.add(a.bit(i));
            any.set(PriorityTree.select(v, null, 2).valid());
        }
    }

    private static String module(String v, String name) {
        int from = v.indexOf("\nmodule " + name + " ");
        return v.substring(from, v.indexOf("\nendmodule\n", from));
    }

    /** {@code assign x = y;} lines whose right side is a wire declared in the same module. */
    private static List<String> copiesOfWires(String v) {
        List<String> out = new ArrayList<>();
        for (String module : v.split("\nendmodule\n")) {
            List<String> wires = new ArrayList<>();
            Matcher d = Pattern.compile("(?m)^  wire\\s+(?:signed\\s+)?(?:\\[\\d+:0\\]\\s+)?(\\w+);").matcher(module);
            while (d.find()) wires.add(d.group(1));
            Matcher a = Pattern.compile("(?m)^  assign (\\w+) = (\\w+);").matcher(module);
            while (a.find()) if (wires.contains(a.group(2))) out.add(a.group());
        }
        return out;
    }

    /** The design's Verilog, after checking it with all three tools. */
    private static String checked(Supplier<? extends Module> design, String top, Path dir) throws IOException {
        Circuit c = Elaborator.elaborate(design);
        String v = VerilogEmitter.emit(c);
        assertEquals(v, VerilogEmitter.emit(Elaborator.elaborate(design)), "emission is not deterministic");
        List<Path> files = VerilogEmitter.writeFiles(c, dir);
        for (VerilogTools.Result r : VerilogTools.readers(files, top))
            assertTrue(r.ok(), () -> r.tool() + ":\n" + r.output() + "\n" + v);
        return v;
    }
}

package tagmatch.hdl.core;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tagmatch.hdl.backend.VerilogEmitter;
import tagmatch.hdl.backend.VerilogTools;
import tagmatch.hdl.ir.Circuit;
import tagmatch.hdl.ir.HdlException;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static tagmatch.hdl.core.Hdl.*;

/** Initial contents, ROMs, write masks, read-during-write and odd depths: the Verilog, the tools' view, the errors. */
class MemoryFeaturesTest {

    /** A 512x16 RAM with byte lanes and a synchronous read, initialised: one iCE40 block RAM. */
    static final class BlockRam extends Module {
        BlockRam(ReadDuringWrite rdw, int depth) {
            int aw = 32 - Integer.numberOfLeadingZeros(depth - 1);
            Bool we = input("we", Bool());
            UInt waddr = input("waddr", UInt(aw));
            UInt raddr = input("raddr", UInt(aw));
            UInt wdata = input("wdata", UInt(16));
            UInt wmask = input("wmask", UInt(2));
            Mem<UInt> ram = mem(depth, UInt(16)).init(new long[] {0xbeef, 0x1234}).named("ram");
            when(we, () -> ram.write(waddr, wdata, wmask));
            output("q", UInt(16)).set(ram.readSync(raddr, TRUE(), rdw));
        }
    }

    @Test
    void initialisedMaskedRamIsEmittedAsInitialAndLaneWrites() {
        String v = VerilogEmitter.emit(Elaborator.elaborate(() -> new BlockRam(ReadDuringWrite.OLD, 512)));
        assertTrue(v.contains("  initial begin"), v);
        assertTrue(v.contains("    ram[0] = 16'hbeef;\n    ram[1] = 16'h1234;\n    ram[2] = 16'h0;\n"), v);
        assertTrue(v.contains("if (wmask[0]) ram[waddr][7:0] <= wdata[7:0];"), v);
        assertTrue(v.contains("if (wmask[1]) ram[waddr][15:8] <= wdata[15:8];"), v);
    }

    @Test
    void blockRamsAreInferredOnIce40ForEveryReadDuringWriteChoice(@TempDir Path dir) throws Exception {
        for (ReadDuringWrite rdw : ReadDuringWrite.values()) {
            Circuit c = Elaborator.elaborate(() -> new BlockRam(rdw, 512));
            Path sub = Files.createDirectories(dir.resolve(rdw.name()));
            List<Path> files = VerilogEmitter.writeFiles(c, sub);
            VerilogTools.Result r = VerilogTools.synthIce40(files, c.top().name());
            assertTrue(r.ok(), r.output());
            assertTrue(r.output().contains("SB_RAM40_4K"), rdw + ": yosys did not infer a block RAM:\n" + r.output());
        }
    }

    @Test
    void everyMemoryFeatureIsCleanUnderVerilatorYosysAndIverilog(@TempDir Path dir) throws Exception {
        Path hex = dir.resolve("image.hex");
        Files.writeString(hex, "1 2 3\n");
        Circuit c = Elaborator.elaborate(() -> new Module() {{
            UInt a = input("a", UInt(3));
            Bool we = input("we", Bool());
            UInt d = input("d", UInt(8));
            UInt m = input("m", UInt(8));
            Mem<UInt> table = rom(UInt(8), 5, 6, 7).named("table");
            Mem<UInt> img = mem(5, UInt(8)).initFile(hex).named("img").attribute("ram_style", "distributed");
            Mem<UInt> bits = mem(8, UInt(8)).named("bits");
            when(we, () -> img.write(a, d));
            when(we, () -> bits.write(a, d, m));
            output("t", UInt(8)).set(table.read(a.bits(1, 0)));
            output("i", UInt(8)).set(img.readSync(a, TRUE(), ReadDuringWrite.NEW));
            output("b", UInt(8)).set(bits.read(a));
        }});
        String v = VerilogEmitter.emit(c);
        assertTrue(v.contains("initial $readmemh(\"" + hex + "\", img);"), v);
        assertTrue(v.contains("(* ram_style = \"distributed\" *)\n  reg  [7:0] img [0:4];"), v);
        List<Path> files = VerilogEmitter.writeFiles(c, dir.resolve("v"));
        String top = c.top().name();
        for (VerilogTools.Result r : VerilogTools.readers(files, top))
            assertTrue(r.ok(), () -> r.tool() + " rejected it:\n" + r.output() + "\n" + v);
        assertEquals(v, VerilogEmitter.emit(c), "emission is deterministic");
    }

    @Test
    void badContentsMasksAndRomWritesAreExplained(@TempDir Path dir) throws Exception {
        assertTrue(error(() -> mem(4, UInt(8)).named("m").init(new long[] {1, 2, 3, 4, 5}))
                .contains("memory m has 4 words, cannot initialise 5"));
        assertTrue(error(() -> mem(4, UInt(8)).named("m").init(new long[] {1, 256}))
                .contains("initial word 1 of memory m is 256, which does not fit in 8 bits"));
        assertTrue(error(() -> rom(UInt(8), 1, 2).named("r").write(lit(0, 1), lit(3, 8)))
                .contains("memory r is read-only (a ROM)"));
        assertTrue(error(() -> mem(4, UInt(8)).named("m").write(lit(0, 2), lit(3, 8), lit(0, 3)))
                .contains("write mask of memory m must have one bit per lane of equal width, a width that divides 8"));
        Path bad = dir.resolve("bad.hex");
        Files.writeString(bad, "12\nzz\n");
        String m = error(() -> mem(4, UInt(8)).initFile(bad));
        assertTrue(m.contains("bad.hex:2: 'zz' is not a hexadecimal word"), m);
        Files.writeString(bad, "1ff\n");
        m = error(() -> mem(4, UInt(8)).initFile(bad));
        assertTrue(m.contains("bad.hex:1: word 1ff does not fit in 8 bits"), m);
        m = error(() -> mem(4, UInt(8)).init(new long[] {1}).init(new long[] {2}));
        assertTrue(m.contains("already has initial contents"), m);
        m = error(() -> mem(4, UInt(8)).attribute("ram style", "block"));
        assertTrue(m.contains("attribute key 'ram style' is not a Verilog identifier"), m);
    }

    static final class Table extends Module {
        final UInt a = input(UInt(1));
        final UInt y = output(UInt(8));

        Table(long w) {
            y.set(rom(UInt(8), w, w).read(a));
        }
    }

    @Test
    void modulesAlikeButForTheirContentsStayApart() {
        String v = VerilogEmitter.emit(Elaborator.elaborate(() -> new Module() {{
            UInt a = input("a", UInt(1));
            Table t1 = instance(new Table(1));
            Table t2 = instance(new Table(2));
            t1.a.set(a);
            t2.a.set(a);
            output("y", UInt(8)).set(t1.y.xor(t2.y));
        }}));
        assertTrue(v.contains("module Table ") && v.contains("module Table_1 "), v);
    }

    private static String error(Runnable body) {
        return assertThrows(HdlException.class, () -> Elaborator.elaborate(() -> new Module() {{
            body.run();
        }})).getMessage();
    }
}

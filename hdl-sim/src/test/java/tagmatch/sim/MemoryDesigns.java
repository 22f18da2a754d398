package tagmatch.sim;

import static tagmatch.hdl.core.Hdl.*;

import java.nio.file.Path;
import tagmatch.hdl.core.Bool;
import tagmatch.hdl.core.Mem;
import tagmatch.hdl.core.Module;
import tagmatch.hdl.core.ReadDuringWrite;
import tagmatch.hdl.core.UInt;

/** Memories with every feature: initial contents, a ROM, byte-masked writes, each read-during-write choice, odd depths. */
final class MemoryDesigns {
    private MemoryDesigns() {}

    /** A 24-word (not a power of two) 16-bit RAM with byte lanes, read combinationally and synchronously three ways. */
    static final class MaskedRam extends Module {
        MaskedRam() {
            Bool we = input("we", Bool());
            Bool re = input("re", Bool());
            UInt waddr = input("waddr", UInt(5));
            UInt raddr = input("raddr", UInt(5));
            UInt wdata = input("wdata", UInt(16));
            UInt wmask = input("wmask", UInt(2));
            Mem<UInt> ram = mem(24, UInt(16)).init(new long[] {0x1111, 0x2222, 0x3333, -1}).named("ram");
            when(we, () -> ram.write(waddr, wdata, wmask));
            output("now", UInt(16)).set(ram.read(raddr));
            output("old", UInt(16)).set(ram.readSync(raddr, re, ReadDuringWrite.OLD));
            output("fresh", UInt(16)).set(ram.readSync(raddr, re, ReadDuringWrite.NEW));
            output("any", UInt(16)).set(ram.readSync(raddr, re, ReadDuringWrite.UNDEFINED));
        }
    }

    /** A sine-like ROM of 11 words and a 32-bit RAM with two write ports, one masked per bit-pair, one whole. */
    static final class RomAndTwoPorts extends Module {
        RomAndTwoPorts() {
            UInt a = input("a", UInt(4));
            Mem<UInt> table = rom(UInt(8), 0, 39, 74, 103, 121, 127, 121, 103, 74, 39, 0).named("table");
            output("t", UInt(8)).set(table.read(a));
            output("ts", UInt(8)).set(table.readSync(a, TRUE()));
            Bool w0 = input("w0", Bool());
            Bool w1 = input("w1", Bool());
            UInt addr0 = input("addr0", UInt(3));
            UInt addr1 = input("addr1", UInt(3));
            UInt d0 = input("d0", UInt(8));
            UInt d1 = input("d1", UInt(8));
            UInt m0 = input("m0", UInt(4));
            Mem<UInt> ram = mem(8, UInt(8)).named("ram");
            when(w0, () -> ram.write(addr0, d0, m0));
            when(w1, () -> ram.write(addr1, d1));
            output("q", UInt(8)).set(ram.readSync(a.bits(2, 0), TRUE(), ReadDuringWrite.NEW));
        }
    }

    /**
     * Two masked write statements per memory that may hit one word on one edge: a 16-bit RAM with
     * byte lanes and an 80-bit one (wider than a machine word) with 16-bit lanes.
     */
    static final class TwoMaskedWriters extends Module {
        TwoMaskedWriters() {
            Bool w0 = input("w0", Bool());
            Bool w1 = input("w1", Bool());
            UInt a0 = input("a0", UInt(2));
            UInt a1 = input("a1", UInt(2));
            UInt ra = input("ra", UInt(2));
            UInt d0 = input("d0", UInt(80));
            UInt d1 = input("d1", UInt(80));
            UInt m0 = input("m0", UInt(5));
            UInt m1 = input("m1", UInt(5));
            Mem<UInt> narrow = mem(4, UInt(16)).named("narrow");
            Mem<UInt> wide = mem(4, UInt(80)).named("wide");
            when(w0, () -> narrow.write(a0, d0.bits(15, 0), m0.bits(1, 0)));
            when(w1, () -> narrow.write(a1, d1.bits(15, 0), m1.bits(1, 0)));
            when(w0, () -> wide.write(a0, d0, m0));
            when(w1, () -> wide.write(a1, d1, m1));
            output("qn", UInt(16)).set(narrow.read(ra));
            output("qw", UInt(80)).set(wide.read(ra));
        }
    }

    /** A RAM whose contents come from a {@code $readmemh} file. */
    static final class FileRam extends Module {
        FileRam(Path hex) {
            UInt a = input("a", UInt(3));
            Bool we = input("we", Bool());
            UInt d = input("d", UInt(12));
            Mem<UInt> ram = mem(6, UInt(12)).initFile(hex).named("ram");
            when(we, () -> ram.write(a, d));
            output("q", UInt(12)).set(ram.read(a));
        }
    }
}

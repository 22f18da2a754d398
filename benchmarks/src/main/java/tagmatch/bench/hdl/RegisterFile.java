package tagmatch.bench.hdl;

import tagmatch.hdl.core.Bool;
import tagmatch.hdl.core.Module;
import tagmatch.hdl.core.UInt;
import tagmatch.hdl.core.Vec;
import tagmatch.hdl.ir.Widths;

import static tagmatch.hdl.core.Hdl.*;

/** A synthetic design for the elaboration benchmark: n registers, one dynamic write and read port. */
final class RegisterFile extends Module {
    final Bool we = input(Bool());
    final UInt waddr;
    final UInt wdata;
    final UInt raddr;
    final UInt rdata;

    RegisterFile(int entries, int width) {
        param("entries", entries);
        param("width", width);
        int aw = Widths.forCount(entries);
        waddr = input(UInt(aw));
        wdata = input(UInt(width));
        raddr = input(UInt(aw));
        rdata = output(UInt(width));
        Vec<UInt> regs = regZero(Vec(entries, () -> UInt(width)));
        when(we, () -> regs.at(waddr).set(wdata));
        rdata.set(regs.at(raddr));
    }
}

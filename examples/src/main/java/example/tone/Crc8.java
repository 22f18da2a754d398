package example.tone;

import tagmatch.hdl.core.Bool;
import tagmatch.hdl.core.ExternalModule;
import tagmatch.hdl.core.UInt;

import java.nio.file.Path;

import static tagmatch.hdl.core.Hdl.*;

/**
 * The existing Verilog module {@code crc8} ({@code src/main/verilog/crc8.v}), placed as it is:
 * the running CRC-8 of the bytes it is given while {@code en} is high, {@code crc} registered and
 * {@code next} (the value after {@code d}) combinational.
 */
public final class Crc8 extends ExternalModule {
    /** The module's source, relative to the directory the tools run in (this project's). */
    public static final Path SOURCE = Path.of("src/main/verilog/crc8.v");

    final Bool clk = input("clk", Bool());
    final Bool rstN = input("rst_n", Bool());
    final Bool en = input("en", Bool());
    final UInt d = input("d", UInt(8));
    final UInt crc = output("crc", UInt(8));
    final UInt next = output("next", UInt(8));

    public Crc8(int poly) {
        super("crc8");
        parameter("POLY", poly);
        source(SOURCE);
        risingEdge(clk);             // the CRC register takes its value at clk's rising edge
        fallingEdge(rstN);           // and is cleared when rst_n falls
        combinational(next, d);      // next is computed from d without a register
    }
}

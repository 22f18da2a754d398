package example.parity;

import tagmatch.hdl.core.Bool;
import tagmatch.hdl.core.ExternalModule;
import tagmatch.hdl.core.UInt;

import static tagmatch.hdl.core.Hdl.*;

/**
 * An existing Verilog module, {@code parity8}: whether a byte has an odd number of ones,
 * combinationally. Its ports are declared here once; its Java model ({@code Parity8Model} in the
 * tests) takes them from this declaration.
 */
public final class Parity8 extends ExternalModule {
    static final String VERILOG = """
            module parity8 (
              input  wire [7:0] d,
              output wire       odd
            );
              assign odd = ^d;
            endmodule
            """;

    final UInt d = input("d", UInt(8));
    final Bool odd = output("odd", Bool());

    public Parity8() {
        super("parity8");
        inline(VERILOG);
        combinational(odd, d);
    }
}

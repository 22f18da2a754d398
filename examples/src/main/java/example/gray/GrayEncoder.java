package example.gray;

import tagmatch.hdl.core.ExternalModule;
import tagmatch.hdl.core.UInt;

import static tagmatch.hdl.core.Hdl.*;

/** An existing Verilog module, {@code gray_enc}, placed as it is: binary to Gray code, WIDTH bits. */
public final class GrayEncoder extends ExternalModule {
    final UInt bin;
    final UInt gray;

    public GrayEncoder(int width) {
        super("gray_enc");
        parameter("WIDTH", width);
        bin = input("bin", UInt(width));
        gray = output("gray", UInt(width));
        inline(String.join("\n",
                "module gray_enc #(parameter WIDTH = 8) (",
                "    input  wire [WIDTH-1:0] bin,",
                "    output wire [WIDTH-1:0] gray",
                ");",
                "    assign gray = bin ^ (bin >> 1);",
                "endmodule",
                ""));
        combinational(gray, bin);    // an assign: gray follows bin without a register
    }
}

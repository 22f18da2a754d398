package tagmatch.sim;

import java.util.List;

/** Hand-written Verilog designs used by the backend tests (independent of the DSL). */
/** Hand-written Verilog designs shared by the tests of every package. */
public final class TestDesigns {
    private TestDesigns() {}

    public static SimDesign counter() {
        String v = String.join("\n",
                "module counter(input clk, input reset, input en, output [7:0] count, output wrap);",
                "  reg [7:0] c;",
                "  always @(posedge clk) begin",
                "    if (reset) c <= 8'd0;",
                "    else if (en) c <= c + 8'd1;",
                "  end",
                "  assign count = c;",
                "  assign wrap = en & (c == 8'hff);",
                "endmodule", "");
        return new SimDesign("counter", v, List.of(SimPort.in("clk", 1), SimPort.in("reset", 1), SimPort.in("en", 1),
                SimPort.out("count", 8), SimPort.out("wrap", 1)), "clk", "reset");
    }

    /** Combinational 100-bit adder with a 101-bit sum, and a registered copy of the sum. */
    public static SimDesign wideAdder() {
        String v = String.join("\n",
                "module wide_adder(input clk, input [99:0] a, input [99:0] b, output [100:0] sum,",
                "                  output reg [100:0] sum_q, output [63:0] low);",
                "  assign sum = {1'b0, a} + {1'b0, b};",
                "  assign low = sum[63:0];",
                "  always @(posedge clk) sum_q <= sum;",
                "endmodule", "");
        return new SimDesign("wide_adder", v, List.of(SimPort.in("clk", 1), SimPort.in("a", 100), SimPort.in("b", 100),
                SimPort.out("sum", 101), SimPort.out("sum_q", 101), SimPort.out("low", 64)), "clk", null);
    }

    /** A 4-entry, 8-bit synchronous FIFO with valid/ready on both sides (first-word fall-through). */
    public static SimDesign fifo() {
        String v = String.join("\n",
                "module fifo4(input clk, input reset,",
                "             input in_valid, output in_ready, input [7:0] in_data,",
                "             output out_valid, input out_ready, output [7:0] out_data, output [2:0] count);",
                "  reg [7:0] mem [0:3];",
                "  reg [1:0] rd, wr;",
                "  reg [2:0] n;",
                "  wire push = in_valid & in_ready;",
                "  wire pop = out_valid & out_ready;",
                "  assign in_ready = n != 3'd4;",
                "  assign out_valid = n != 3'd0;",
                "  assign out_data = mem[rd];",
                "  assign count = n;",
                "  always @(posedge clk) begin",
                "    if (reset) begin",
                "      rd <= 2'd0; wr <= 2'd0; n <= 3'd0;",
                "    end else begin",
                "      if (push) begin mem[wr] <= in_data; wr <= wr + 2'd1; end",
                "      if (pop) rd <= rd + 2'd1;",
                "      n <= n + {2'd0, push} - {2'd0, pop};",
                "    end",
                "  end",
                "endmodule", "");
        return new SimDesign("fifo4", v, List.of(SimPort.in("clk", 1), SimPort.in("reset", 1),
                SimPort.in("in_valid", 1), SimPort.out("in_ready", 1), SimPort.in("in_data", 8),
                SimPort.out("out_valid", 1), SimPort.in("out_ready", 1), SimPort.out("out_data", 8),
                SimPort.out("count", 3)), "clk", "reset");
    }
}

// CRC-8 of a byte stream, most significant bit first, polynomial POLY (x^8 + x^2 + x + 1 by
// default), written as an existing IP block would be: an asynchronous active-low reset, the
// running value registered, the value after the current byte combinational.
module crc8 #(parameter [7:0] POLY = 8'h07) (
  input  wire       clk,
  input  wire       rst_n,
  input  wire       en,
  input  wire [7:0] d,
  output reg  [7:0] crc,
  output wire [7:0] next
);
  wire [7:0] x0 = crc ^ d;
  wire [7:0] x1 = {x0[6:0], 1'b0} ^ (x0[7] ? POLY : 8'h00);
  wire [7:0] x2 = {x1[6:0], 1'b0} ^ (x1[7] ? POLY : 8'h00);
  wire [7:0] x3 = {x2[6:0], 1'b0} ^ (x2[7] ? POLY : 8'h00);
  wire [7:0] x4 = {x3[6:0], 1'b0} ^ (x3[7] ? POLY : 8'h00);
  wire [7:0] x5 = {x4[6:0], 1'b0} ^ (x4[7] ? POLY : 8'h00);
  wire [7:0] x6 = {x5[6:0], 1'b0} ^ (x5[7] ? POLY : 8'h00);
  wire [7:0] x7 = {x6[6:0], 1'b0} ^ (x6[7] ? POLY : 8'h00);
  assign next = {x7[6:0], 1'b0} ^ (x7[7] ? POLY : 8'h00);

  always @(posedge clk or negedge rst_n)
    if (!rst_n) crc <= 8'h00;
    else if (en) crc <= next;
endmodule

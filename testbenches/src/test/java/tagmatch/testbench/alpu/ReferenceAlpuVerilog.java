package tagmatch.testbench.alpu;

import java.util.ArrayList;
import java.util.List;

import tagmatch.alpu.AlpuConfig;
import tagmatch.alpu.Variant;
import tagmatch.alpu.rtl.AlpuPorts;
import tagmatch.hdl.core.Pins;
import tagmatch.sim.SimDesign;
import tagmatch.sim.SimPort;

/**
 * A plain, hand-written behavioural ALPU in Verilog (one processing step per cycle, FIFOs of depth
 * 4, compacted entries, oldest at index 0), written from the datasheet alone. It is a test
 * fixture: it proves {@link SimulatorPins}, the bench and the scoreboard on real RTL under
 * Verilator before the generator exists. {@code youngestWins} builds a deliberately broken copy.
 */
final class ReferenceAlpuVerilog {
    /** One step per cycle, strict alternation between the streams, FIFOs of 4: well under this. */
    static final int R9_BOUND = 64;

    private ReferenceAlpuVerilog() {}

    static SimDesign design(AlpuConfig c, boolean youngestWins) {
        List<SimPort> ports = new ArrayList<>();
        for (Pins.Pin p : AlpuPorts.of(c).all()) {
            ports.add(p.input() ? SimPort.in(p.name(), p.width()) : SimPort.out(p.name(), p.width()));
        }
        return new SimDesign("alpu_ref", verilog(c, youngestWins), ports, "clk", "rst");
    }

    /** The port declarations, from the generator's interface bundle like every other pin list. */
    private static String portList(AlpuConfig c) {
        List<String> lines = new ArrayList<>();
        for (Pins.Pin p : AlpuPorts.of(c).all()) {
            String range = p.width() == 1 ? "" : "[" + (p.width() - 1) + ":0] ";
            lines.add("  " + (p.input() ? "input  wire " : "output wire ") + range + p.name());
        }
        return String.join(",\n", lines);
    }

    static String verilog(AlpuConfig c, boolean youngestWins) {
        boolean prq = c.variant() == Variant.PRQ;
        int iw = Math.max(1, 32 - Integer.numberOfLeadingZeros(c.cells() - 1));
        String loop = youngestWins
                ? "for (i = 0; i < CELLS; i = i + 1) if (hit[i]) begin found = 1'b1; first = i[IW-1:0]; end"
                : "for (i = CELLS - 1; i >= 0; i = i - 1) if (hit[i]) begin found = 1'b1; first = i[IW-1:0]; end";
        String v = """
                module alpu_ref (
                %PORTS%
                );
                  localparam integer CELLS = %CELLS%;
                  localparam integer MW = %MW%;
                  localparam integer TW = %TW%;
                  localparam integer CW = %CW%;
                  localparam integer IW = %IW%;
                  localparam integer RW = %RW%;
                  localparam integer CMDW = 2 + MW + MW + TW;
                  localparam integer RSPW = 2 + TW + CW;

                  // FIFOs of depth 4: storage, read and write pointers with a wrap bit.
                  reg [RW-1:0]   reqq [0:3];
                  reg [CMDW-1:0] cmdq [0:3];
                  reg [RSPW-1:0] rspq [0:3];
                  reg [2:0] req_rd, req_wr, cmd_rd, cmd_wr, rsp_rd, rsp_wr;
                  wire [2:0] req_cnt = req_wr - req_rd;
                  wire [2:0] cmd_cnt = cmd_wr - cmd_rd;
                  wire [2:0] rsp_cnt = rsp_wr - rsp_rd;
                  assign req_ready = req_cnt != 3'd4;
                  assign cmd_ready = cmd_cnt != 3'd4;
                  assign rsp_valid = rsp_cnt != 3'd0;
                  wire [RSPW-1:0] rsp_head = rspq[rsp_rd[1:0]];
                  assign rsp_kind = rsp_head[RSPW-1 -: 2];
                  assign rsp_tag = rsp_head[CW +: TW];
                  assign rsp_free = rsp_head[CW-1:0];

                  // Entries, oldest at index 0, valid below count.
                  reg [MW-1:0] ent_match [0:CELLS-1];
                  reg [MW-1:0] ent_mask  [0:CELLS-1];
                  reg [TW-1:0] ent_tag   [0:CELLS-1];
                  reg [CW-1:0] count;
                  reg mode, err, held, retry, prefer_cmd;
                  assign occupancy = count;
                  assign insert_mode = mode;
                  assign error = err;

                  wire [RW-1:0] req_head = reqq[req_rd[1:0]];
                  wire [MW-1:0] key = req_head[MW-1:0];
                  wire [MW-1:0] key_mask = %KEYMASK%;
                  wire [CMDW-1:0] cmd_head = cmdq[cmd_rd[1:0]];
                  wire [1:0] op = cmd_head[CMDW-1 -: 2];
                  wire [MW-1:0] c_match = cmd_head[TW + MW +: MW];
                  wire [MW-1:0] c_mask = cmd_head[TW +: MW];
                  wire [TW-1:0] c_tag = cmd_head[TW-1:0];

                  reg [CELLS-1:0] hit;
                  reg found;
                  reg [IW-1:0] first;
                  integer i;
                  always @* begin
                    for (i = 0; i < CELLS; i = i + 1)
                      hit[i] = (i < count) && (((ent_match[i] ^ key) & ~(ent_mask[i] | key_mask)) == {MW{1'b0}});
                    found = 1'b0;
                    first = {IW{1'b0}};
                    %LOOP%
                  end

                  wire rsp_space = rsp_cnt != 3'd4;
                  wire can_cmd = cmd_cnt != 3'd0 && rsp_space;
                  wire can_req = req_cnt != 3'd0 && (!held || retry) && rsp_space;
                  wire do_cmd = can_cmd && (!can_req || prefer_cmd);
                  wire do_req = can_req && !do_cmd;
                  wire [CW-1:0] free_cells = CELLS[CW-1:0] - count;

                  always @(posedge clk) begin
                    if (rst) begin
                      req_rd <= 3'd0; req_wr <= 3'd0; cmd_rd <= 3'd0; cmd_wr <= 3'd0; rsp_rd <= 3'd0; rsp_wr <= 3'd0;
                      count <= {CW{1'b0}}; mode <= 1'b0; err <= 1'b0; held <= 1'b0; retry <= 1'b0; prefer_cmd <= 1'b0;
                    end else begin
                      if (req_valid && req_ready) begin
                        reqq[req_wr[1:0]] <= %REQWORD%;
                        req_wr <= req_wr + 3'd1;
                      end
                      if (cmd_valid && cmd_ready) begin
                        cmdq[cmd_wr[1:0]] <= {cmd_op, cmd_match, %CMDMASK%, cmd_tag};
                        cmd_wr <= cmd_wr + 3'd1;
                      end
                      if (rsp_valid && rsp_ready) rsp_rd <= rsp_rd + 3'd1;
                      if (do_cmd || do_req) prefer_cmd <= ~prefer_cmd;
                      if (do_cmd) begin
                        cmd_rd <= cmd_rd + 3'd1;
                        if (held) retry <= 1'b1;
                        case (op)
                          2'd0: if (mode) err <= 1'b1; else begin
                                  mode <= 1'b1;
                                  rspq[rsp_wr[1:0]] <= {2'd2, {TW{1'b0}}, free_cells};
                                  rsp_wr <= rsp_wr + 3'd1;
                                end
                          2'd1: if (!mode || count == CELLS[CW-1:0]) err <= 1'b1; else begin
                                  ent_match[count[IW-1:0]] <= c_match;
                                  ent_mask[count[IW-1:0]] <= c_mask;
                                  ent_tag[count[IW-1:0]] <= c_tag;
                                  count <= count + 1'b1;
                                end
                          2'd2: if (!mode) err <= 1'b1; else mode <= 1'b0;
                          default: begin count <= {CW{1'b0}}; mode <= 1'b0; err <= 1'b0; end
                        endcase
                      end
                      if (do_req) begin
                        retry <= 1'b0;
                        if (found) begin
                          rspq[rsp_wr[1:0]] <= {2'd0, ent_tag[first], {CW{1'b0}}};
                          rsp_wr <= rsp_wr + 3'd1;
                          req_rd <= req_rd + 3'd1;
                          held <= 1'b0;
                          for (i = 0; i < CELLS - 1; i = i + 1)
                            if (i >= first) begin
                              ent_match[i] <= ent_match[i + 1];
                              ent_mask[i] <= ent_mask[i + 1];
                              ent_tag[i] <= ent_tag[i + 1];
                            end
                          count <= count - 1'b1;
                        end else if (mode) begin
                          held <= 1'b1;
                        end else begin
                          rspq[rsp_wr[1:0]] <= {2'd1, {TW{1'b0}}, {CW{1'b0}}};
                          rsp_wr <= rsp_wr + 3'd1;
                          req_rd <= req_rd + 3'd1;
                          held <= 1'b0;
                        end
                      end
                    end
                  end
                endmodule
                """;
        return v.replace("%PORTS%", portList(c))
                .replace("%KEYMASK%", prq ? "{MW{1'b0}}" : "req_head[RW-1 -: MW]")
                .replace("%REQWORD%", prq ? "req_match" : "{req_mask, req_match}")
                .replace("%CMDMASK%", prq ? "cmd_mask" : "{MW{1'b0}}")
                .replace("%LOOP%", loop)
                .replace("%CELLS%", Integer.toString(c.cells()))
                .replace("%MW%", Integer.toString(c.matchWidth()))
                .replace("%TW%", Integer.toString(c.tagWidth()))
                .replace("%CW%", Integer.toString(c.cntWidth()))
                .replace("%IW%", Integer.toString(iw))
                .replace("%RW%", Integer.toString(prq ? c.matchWidth() : 2 * c.matchWidth()))
                .replace("\n\n", "\n");
    }
}

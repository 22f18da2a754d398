package tagmatch.alpu.rtl;

import tagmatch.alpu.AlpuConfig;
import tagmatch.alpu.Variant;
import tagmatch.alpu.model.Command;
import tagmatch.alpu.model.PortInputs;
import tagmatch.alpu.model.PortSample;
import tagmatch.alpu.model.Request;
import tagmatch.hdl.core.Pins;
import tagmatch.process.Exec;

import java.io.IOException;
import java.math.BigInteger;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * Runs one ALPU under Icarus Verilog ({@code iverilog -g2005}, four-state and event driven) from
 * a script of phases, and returns every cycle's pins as the simulator printed them, X included.
 *
 * <p>The bench is plain Verilog so that the four-state semantics are the simulator's own: it
 * offers each phase's commands and requests with valid/ready handshakes, drives every data pin
 * to X while its valid is low (so nothing the unit must ignore is ever a defined value by luck),
 * and moves to the next phase once both streams have left the current one, every accepted
 * request is answered (or nothing has moved for a while: a request held in insert mode) and the
 * ports have been quiet for a few cycles. After the last phase it idles long enough for the
 * scoreboard's idle check (the R9 bound).
 */
final class FourStateBench {
    /** What one phase offers: commands, requests, and whether responses see back-pressure. */
    record Phase(List<Command> commands, List<Request> requests, boolean backPressure) {}

    /** One cycle as printed: the phase it belongs to and the value of every pin ({@code null} if any bit is X or Z). */
    record Cycle(long cycle, int phase, List<BigInteger> pins) {}

    /** Everything a run printed, and the pins in the order of {@link Cycle#pins}. */
    record Run(List<Pins.Pin> pins, List<Cycle> cycles, boolean finished) {
        int index(Pins.Pin p) {
            return pins.indexOf(p);
        }
    }

    private static final int QUIET = 6;
    private static final int STALL = 64;

    private FourStateBench() {}

    static Run run(AlpuConfig cfg, List<Phase> phases, Path dir) throws IOException {
        String top = "dut_" + cfg.variant().name().toLowerCase();
        List<Path> files = new ArrayList<>(AlpuRtl.write(cfg, top, dir));
        AlpuPorts ports = AlpuPorts.of(cfg);
        Path bench = dir.resolve("four_state_bench.v");
        Files.writeString(bench, benchText(cfg, ports, top, phases));
        files.add(bench);
        Path vvp = dir.resolve("bench.vvp");
        List<String> compile = new ArrayList<>(List.of("iverilog", "-g2005", "-s", "four_state_bench", "-o", vvp.toString()));
        files.forEach(f -> compile.add(f.toString()));
        Exec.Result c = Exec.of(compile).hint("iverilog").timeout(Duration.ofMinutes(10)).run();
        if (!c.ok()) throw new IllegalStateException("iverilog failed on " + cfg + ":\n" + c.tail(40));
        Path log = dir.resolve("bench.log");
        Exec.Result r = Exec.of("vvp", "-n", vvp.toString()).hint("iverilog").timeout(Duration.ofMinutes(10)).log(log).run();
        if (!r.ok()) throw new IllegalStateException("vvp failed on " + cfg + ":\n" + r.tail(40));
        List<Pins.Pin> pins = printed(ports);
        List<Cycle> cycles = new ArrayList<>();
        boolean finished = false;
        for (String line : Files.readAllLines(log)) {
            String[] f = line.trim().split("\\s+");
            if (f.length == 0) continue;
            if (f[0].equals("END")) finished = f[1].equals("done");
            if (!f[0].equals("C")) continue;
            List<BigInteger> values = new ArrayList<>();
            for (int i = 3; i < f.length; i++) values.add(f[i].matches("[0-9a-f]+") ? new BigInteger(f[i], 16) : null);
            cycles.add(new Cycle(Long.parseLong(f[1]), Integer.parseInt(f[2]), values));
        }
        return new Run(pins, cycles, finished);
    }

    /** The pins the bench prints each cycle: every input but the clock, then every output. */
    static List<Pins.Pin> printed(AlpuPorts ports) {
        List<Pins.Pin> pins = new ArrayList<>();
        for (Pins.Pin p : ports.all()) if (!p.equals(AlpuPorts.CLK)) pins.add(p);
        return pins;
    }

    /** The cycle as the scoreboard sees it; an X on a data pin whose valid is low reads as 0. */
    static PortSample sample(AlpuPorts ports, Run run, Cycle c) {
        long[] out = new long[ports.outputs().size()];
        for (int i = 0; i < out.length; i++) {
            BigInteger v = c.pins().get(run.index(ports.outputs().get(i)));
            out[i] = v == null ? 0 : v.longValue();
        }
        boolean prq = ports.config().variant() == Variant.PRQ;
        PortInputs in = new PortInputs(bit(ports, run, c, AlpuPorts.RST),
                bit(ports, run, c, ports.pin(io -> io.req.valid)),
                value(run, c, ports.pin(io -> io.req.match)),
                prq ? BigInteger.ZERO : value(run, c, ports.pin(io -> io.req.mask)),
                bit(ports, run, c, ports.pin(io -> io.cmd.valid)),
                value(run, c, ports.pin(io -> io.cmd.op)).intValue(),
                value(run, c, ports.pin(io -> io.cmd.match)),
                prq ? value(run, c, ports.pin(io -> io.cmd.mask)) : BigInteger.ZERO,
                value(run, c, ports.pin(io -> io.cmd.tag)).longValue(),
                bit(ports, run, c, ports.pin(io -> io.rsp.ready)));
        return ports.outputValues(out).sample(c.cycle(), in);
    }

    private static boolean bit(AlpuPorts ports, Run run, Cycle c, Pins.Pin p) {
        return BigInteger.ONE.equals(c.pins().get(run.index(p)));
    }

    private static BigInteger value(Run run, Cycle c, Pins.Pin p) {
        BigInteger v = c.pins().get(run.index(p));
        return v == null ? BigInteger.ZERO : v;
    }

    private static String benchText(AlpuConfig cfg, AlpuPorts ports, String top, List<Phase> phases) {
        boolean prq = cfg.variant() == Variant.PRQ;
        int w = cfg.matchWidth();
        int tw = cfg.tagWidth();
        List<Command> cmds = new ArrayList<>();
        List<Integer> cmdPhase = new ArrayList<>();
        List<Request> reqs = new ArrayList<>();
        List<Integer> reqPhase = new ArrayList<>();
        StringBuilder bp = new StringBuilder();
        for (int p = 0; p < phases.size(); p++) {
            for (Command c : phases.get(p).commands()) {
                cmds.add(c);
                cmdPhase.add(p + 1);
            }
            for (Request r : phases.get(p).requests()) {
                reqs.add(r);
                reqPhase.add(p + 1);
            }
            if (phases.get(p).backPressure()) bp.append("      if (phase == ").append(p + 1).append(") rsp_ready = (cycle % 5) != 2;\n");
        }
        int nc = Math.max(1, cmds.size());
        int nr = Math.max(1, reqs.size());
        int last = phases.size();
        int drain = AlpuTiming.of(cfg).r9Bound() + 8;
        long maxCycles = 2000L + 40L * (cmds.size() + reqs.size()) + (long) (last + 1) * (STALL + QUIET + 16) + drain;

        StringBuilder v = new StringBuilder();
        v.append("// Four-state bench for ").append(top).append(" (").append(cfg).append(")\n");
        v.append("module four_state_bench;\n");
        for (Pins.Pin p : ports.inputs()) v.append("  reg ").append(range(p.width())).append(p.name()).append(";\n");
        for (Pins.Pin p : ports.outputs()) v.append("  wire ").append(range(p.width())).append(p.name()).append(";\n");
        v.append("  ").append(top).append(" dut (");
        List<String> conns = new ArrayList<>();
        for (Pins.Pin p : ports.all()) conns.add("." + p.name() + "(" + p.name() + ")");
        v.append(String.join(", ", conns)).append(");\n\n");
        v.append("  reg [15:0] cmd_phase_m [0:").append(nc - 1).append("];\n");
        v.append("  reg [1:0] cmd_op_m [0:").append(nc - 1).append("];\n");
        v.append("  reg ").append(range(w)).append("cmd_match_m [0:").append(nc - 1).append("];\n");
        v.append("  reg ").append(range(w)).append("cmd_mask_m [0:").append(nc - 1).append("];\n");
        v.append("  reg ").append(range(tw)).append("cmd_tag_m [0:").append(nc - 1).append("];\n");
        v.append("  reg [15:0] req_phase_m [0:").append(nr - 1).append("];\n");
        v.append("  reg ").append(range(w)).append("req_match_m [0:").append(nr - 1).append("];\n");
        v.append("  reg ").append(range(w)).append("req_mask_m [0:").append(nr - 1).append("];\n");
        v.append("  integer cycle, ci, ri, answered, phase, quiet, stall, drained;\n");
        v.append("  reg cmd_fire, req_fire, rsp_fire, answer;\n\n");
        v.append("  initial begin\n");
        v.append("    cmd_phase_m[0] = 16'hffff; req_phase_m[0] = 16'hffff;\n");
        for (int i = 0; i < cmds.size(); i++) {
            Command c = cmds.get(i);
            v.append("    cmd_phase_m[").append(i).append("] = ").append(cmdPhase.get(i)).append("; cmd_op_m[").append(i)
                    .append("] = ").append(c.op().code).append("; cmd_match_m[").append(i).append("] = ").append(hex(w, c.match()))
                    .append("; cmd_mask_m[").append(i).append("] = ").append(hex(w, c.mask())).append("; cmd_tag_m[").append(i)
                    .append("] = ").append(hex(tw, BigInteger.valueOf(c.tag()))).append(";\n");
        }
        for (int i = 0; i < reqs.size(); i++) {
            Request r = reqs.get(i);
            v.append("    req_phase_m[").append(i).append("] = ").append(reqPhase.get(i)).append("; req_match_m[").append(i)
                    .append("] = ").append(hex(w, r.match())).append("; req_mask_m[").append(i).append("] = ")
                    .append(hex(w, r.mask())).append(";\n");
        }
        v.append("    clk = 1'b0; ci = 0; ri = 0; answered = 0; phase = 0; quiet = 0; stall = 0; drained = 0;\n");
        v.append("    for (cycle = 0; cycle < ").append(maxCycles).append(" && drained < ").append(drain)
                .append("; cycle = cycle + 1) begin\n");
        v.append("      rst = cycle < 3;\n");
        v.append("      cmd_valid = !rst && ci < ").append(cmds.size()).append(" && cmd_phase_m[ci] == phase;\n");
        v.append("      req_valid = !rst && ri < ").append(reqs.size()).append(" && req_phase_m[ri] == phase;\n");
        v.append("      cmd_op = cmd_valid ? cmd_op_m[ci] : 2'bxx;\n");
        v.append("      cmd_match = cmd_valid ? cmd_match_m[ci] : {").append(w).append("{1'bx}};\n");
        if (prq) v.append("      cmd_mask = cmd_valid ? cmd_mask_m[ci] : {").append(w).append("{1'bx}};\n");
        v.append("      cmd_tag = cmd_valid ? cmd_tag_m[ci] : {").append(tw).append("{1'bx}};\n");
        v.append("      req_match = req_valid ? req_match_m[ri] : {").append(w).append("{1'bx}};\n");
        if (!prq) v.append("      req_mask = req_valid ? req_mask_m[ri] : {").append(w).append("{1'bx}};\n");
        v.append("      rsp_ready = 1'b1;\n").append(bp);
        v.append("      #4;\n");
        v.append("      $display(\"C %0d %0d");
        List<Pins.Pin> pins = printed(ports);
        for (int i = 0; i < pins.size(); i++) v.append(" %h");
        v.append("\", cycle, phase");
        for (Pins.Pin p : pins) v.append(", ").append(p.name());
        v.append(");\n");
        v.append("      cmd_fire = !rst && cmd_valid && cmd_ready === 1'b1;\n");
        v.append("      req_fire = !rst && req_valid && req_ready === 1'b1;\n");
        v.append("      rsp_fire = !rst && rsp_valid === 1'b1 && rsp_ready;\n");
        v.append("      answer = rsp_fire && rsp_kind !== 2'd").append(tagmatch.alpu.model.Kind.START_ACK.code).append(";\n");
        v.append("      #1 clk = 1'b1;\n");
        v.append("      #5 clk = 1'b0;\n");
        v.append("      if (rst) begin ci = 0; ri = 0; answered = 0; end\n");
        v.append("      if (cmd_fire) ci = ci + 1;\n");
        v.append("      if (req_fire) ri = ri + 1;\n");
        v.append("      if (answer) answered = answered + 1;\n");
        v.append("      stall = (cmd_fire || req_fire || rsp_fire) ? 0 : stall + 1;\n");
        v.append("      if (!rst && !(ci < ").append(cmds.size()).append(" && cmd_phase_m[ci] <= phase) && !(ri < ")
                .append(reqs.size()).append(" && req_phase_m[ri] <= phase) && !cmd_fire && !req_fire && !rsp_fire")
                .append(" && (answered == ri || stall >= ").append(STALL).append(")) quiet = quiet + 1;\n");
        v.append("      else quiet = 0;\n");
        v.append("      if (phase > ").append(last).append(") drained = drained + 1;\n");
        v.append("      else if (quiet >= ").append(QUIET).append(") begin phase = phase + 1; quiet = 0; end\n");
        v.append("    end\n");
        v.append("    if (drained >= ").append(drain).append(") $display(\"END done\"); else $display(\"END timeout\");\n");
        v.append("    $finish;\n");
        v.append("  end\n");
        v.append("endmodule\n");
        return v.toString();
    }

    private static String range(int width) {
        return width == 1 ? "" : "[" + (width - 1) + ":0] ";
    }

    private static String hex(int width, BigInteger value) {
        return width + "'h" + value.toString(16);
    }
}

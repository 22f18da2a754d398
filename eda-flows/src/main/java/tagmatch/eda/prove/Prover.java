package tagmatch.eda.prove;

import tagmatch.hdl.backend.CheckSite;
import tagmatch.hdl.backend.FormalView;
import tagmatch.hdl.backend.VerilogEmitter;
import tagmatch.hdl.ir.Check;
import tagmatch.hdl.ir.Circuit;
import tagmatch.hdl.ir.ModuleDef;
import tagmatch.hdl.ir.Port;
import tagmatch.process.Exec;
import tagmatch.process.ToolException;
import tagmatch.process.UserError;
import tagmatch.sim.Vcd;

import java.io.IOException;
import java.io.PrintWriter;
import java.math.BigInteger;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Proves the properties of one circuit: yosys reads the Verilog with {@code -formal} and writes an
 * SMT-LIB2 model; yosys-smtbmc then runs bounded model checking ({@code depth} cycles from reset),
 * k-induction (at the same depth) and cover reachability. Each step prints one line to
 * {@code log} as it ends. A failing assertion comes back with its source line, a table of the
 * ports cycle by cycle and the trace as a VCD.
 */
public final class Prover {
    /** A source span yosys gives a property cell: {@code design.v:80.20-81.27} (start and end line). */
    private static final Pattern DESIGN_SPAN = Pattern.compile("design\\.v:(\\d+)\\.\\d+-(\\d+)\\.");
    private static final Pattern STEP = Pattern.compile("in step (\\d+)");
    /**
     * ABC found a counterexample: "Output 4 of miter ... was asserted in frame 7" (bmc3, pdr) or
     * "Output  3 was asserted in frame  2" (bmc3 -a, which pads the numbers to a column).
     */
    private static final Pattern ABC_CEX = Pattern.compile("Output\\s+\\d+ (of miter \\S+ )?was asserted in frame");
    private static final Pattern ABC_REACHED = Pattern.compile("Output\\s+\\d+ was asserted in frame");
    /** The frame of ABC's counterexample, from the same line. */
    private static final Pattern ABC_FRAME = Pattern.compile("was asserted in frame\\s+(\\d+)");
    /** ABC's {@code print_stats}: {@code i/o =  190/    9}, the inputs and outputs (properties) of the netlist. */
    private static final Pattern ABC_IO = Pattern.compile("i/o\\s*=\\s*\\d+\\s*/\\s*(\\d+)");

    private final Solver solver;
    private final Solver replaySolver;
    private final PrintWriter log;

    /** {@code solver} for the SMT flow and for replaying ABC's counterexamples. */
    public Prover(Solver solver, PrintWriter log) {
        this(solver, solver, log);
    }

    /** {@code solver} for the SMT flow, {@code replaySolver} for replaying ABC's counterexamples. */
    public Prover(Solver solver, Solver replaySolver, PrintWriter log) {
        this.solver = solver;
        this.replaySolver = replaySolver;
        this.log = log;
    }

    /**
     * Runs the proof in {@code work} (an empty directory the caller owns). With {@code vcd}
     * non-null, a counterexample's trace is copied there.
     */
    public ProofReport prove(Circuit c, int depth, ProveTarget.Method method, Path vcd, Path work) {
        if (method == ProveTarget.Method.PDR) return provePdr(c, depth, vcd, work);
        boolean induction = method == ProveTarget.Method.INDUCTION;
        VerilogEmitter.Emission design = VerilogEmitter.emitWithSites(c, FormalView.AS_WRITTEN);
        List<String> steps = new ArrayList<>();
        model(c, design, String.join("\n",
                "read_verilog -formal design.v harness.v",
                "prep -flatten -top " + FormalHarness.TOP,
                "async2sync",
                "dffunmap",
                "write_smt2 -wires model.smt2", ""), work, steps, "yosys read the design and wrote its SMT-LIB2 model");

        long t0 = System.nanoTime();
        Exec.Result bmc = run(Exec.of("yosys-smtbmc", "-s", solver.id(), "--presat", "-t", String.valueOf(depth),
                "--dump-vcd", "trace.vcd", "model.smt2"), work).run();
        String out = bmc.output();
        if (out.contains("Assumptions are unsatisfiable")) {
            step(steps, "bmc", "FAILED: the assumptions contradict each other (every property would hold vacuously)", t0);
            return new ProofReport(ProofReport.Conclusion.FAILED, depth, false, null, lastStep(out), "", List.of(), steps);
        }
        if (out.contains("BMC failed!")) {
            int failedStep = lastStep(out);
            CheckSite site = failedSite(out, design);
            String what = site == null ? "an assertion" : site.describe();
            step(steps, "bmc", "FAILED at step " + failedStep + ": " + what
                    + (site != null && site.clocked() ? " (clocked: sampled at the edge ending cycle " + (failedStep - 1) + ")" : ""), t0);
            String table = table(work.resolve("trace.vcd"), c.top().ports(), failedStep);
            if (vcd != null) copy(work.resolve("trace.vcd"), vcd);
            return new ProofReport(ProofReport.Conclusion.FAILED, depth, false, site, failedStep, table, List.of(), steps);
        }
        requirePassed(bmc, "bounded model check");
        step(steps, "bmc", "passed: no assertion fails in the first " + depth + " cycles after reset (" + solver.id() + ")", t0);

        ProofReport.Conclusion verdict = ProofReport.Conclusion.BOUNDED;
        if (induction) {
            t0 = System.nanoTime();
            Exec.Result ind = run(Exec.of("yosys-smtbmc", "-s", solver.id(), "-i", "-t", String.valueOf(depth), "model.smt2"), work).run();
            if (ind.output().contains("Temporal induction successful")) {
                verdict = ProofReport.Conclusion.PROVEN;
                step(steps, "induction", "passed: proven for all cycles (k-induction, k=" + depth + ")", t0);
            } else {
                requireAnswered(ind, "k-induction");
                verdict = ProofReport.Conclusion.NOT_INDUCTIVE;
                step(steps, "induction", "did not close at k=" + depth + ": the properties hold for " + depth
                        + " cycles, but are not proven for all time", t0);
            }
        }

        List<CheckSite> unreached = new ArrayList<>();
        if (covers(c) > 0) {
            t0 = System.nanoTime();
            Exec.Result cov = run(Exec.of("yosys-smtbmc", "-s", solver.id(), "-c", "-t", String.valueOf(depth), "model.smt2"), work).run();
            int reached = 0;
            for (String line : cov.output().split("\n")) {
                if (line.contains("Reached cover statement")) reached++;
                if (line.contains("Unreached cover statement")) {
                    CheckSite s = siteOf(line, design);
                    if (s != null) unreached.add(s);
                }
            }
            if (unreached.isEmpty()) requirePassed(cov, "cover check");
            step(steps, "cover", reached + " of " + (reached + unreached.size()) + " covers reached within " + depth + " cycles"
                    + (unreached.isEmpty() ? "" : "; never reached: " + String.join(", ", unreached.stream().map(CheckSite::describe).toList())), t0);
            if (!unreached.isEmpty()) verdict = ProofReport.Conclusion.UNREACHED;
        }
        return new ProofReport(verdict, depth, induction, null, -1, "", unreached, steps);
    }

    /**
     * The bit-level flow for designs too deep for the SMT solvers: yosys maps the design to an
     * AIGER netlist (memories to flip-flops, every cell to AND gates, assumptions as constraints,
     * assertions as bad states) and ABC checks it: {@code bmc3} for the first {@code depth}
     * cycles, then {@code pdr} (IC3) on each assertion's sequential cone in turn, which either proves it for all time or finds a
     * counterexample of any length. A counterexample is replayed by yosys-smtbmc on the same
     * netlist, which names the failing assertion and writes the trace, exactly as in the SMT flow.
     * Covers become bad states of a second netlist ({@code cover (c)} turned into
     * {@code assert (!c)}, the assertions dropped): ABC's {@code bmc3 -a} reaching one is the cover
     * reached.
     */
    private ProofReport provePdr(Circuit c, int depth, Path vcd, Path work) {
        VerilogEmitter.Emission design = VerilogEmitter.emitWithSites(c, FormalView.AS_WRITTEN);
        List<String> steps = new ArrayList<>();
        int covers = covers(c);
        if (covers > 0) {
            write(work, "covers.v", VerilogEmitter.emit(c, FormalView.coversAsAssertions()));
            write(work, "covers.ys", aigerScript("covers.v", "covers", false));
        }
        model(c, design, aigerScript("design.v", "model", true), work, steps, "yosys mapped the design to an AIGER netlist");

        long t0 = System.nanoTime();
        String bmc = abc(work, "read_aiger model.aig; fold; strash; bmc3 -F " + depth + "; write_cex -a cex.aiw");
        if (ABC_CEX.matcher(bmc).find()) return replay("bmc", c, design, depth, vcd, work, steps, t0);
        if (!bmc.contains("No output asserted")) failAbc(bmc, "bounded model check");
        step(steps, "bmc", "passed: no assertion fails in the first " + depth + " cycles after reset (abc bmc3)", t0);

        t0 = System.nanoTime();
        // One PDR run per property, on its sequential cone: an invariant for one property at a
        // time is far smaller than one for all of them at once (the ALPU at 8 cells: every
        // property proven within seconds alone, no proof in 15 minutes together).
        String stats = abc(work, "read_aiger model.aig; fold; strash; print_stats");
        Matcher io = ABC_IO.matcher(stats);
        if (!io.find()) failAbc(stats, "netlist statistics");
        int properties = Integer.parseInt(io.group(1));
        StringBuilder script = new StringBuilder();
        for (int k = 0; k < properties; k++)
            script.append("read_aiger model.aig; fold; strash; cone -s -O ").append(k).append("; scorr; pdr; ");
        String pdr = abc(work, script.toString());
        Matcher cex = ABC_FRAME.matcher(pdr);
        if (cex.find()) {
            // The cone's counterexample names the cone's latches; the whole netlist's, of the same
            // length, is what yosys-smtbmc replays.
            int frames = Integer.parseInt(cex.group(1)) + 2;
            String full = abc(work, "read_aiger model.aig; fold; strash; bmc3 -F " + frames + "; write_cex -a cex.aiw");
            if (ABC_CEX.matcher(full).find()) return replay("pdr", c, design, depth, vcd, work, steps, t0);
            failAbc(full, "bounded check at the length of PDR's counterexample");
        }
        int proved = countMatches(Pattern.compile("Property proved"), pdr);
        if (proved != properties) failAbc(pdr, "PDR proof (" + proved + " of " + properties + " properties proved)");
        step(steps, "pdr", "passed: proven for all cycles (abc pdr, one inductive invariant per property: "
                + properties + " of " + properties + ")", t0);

        List<CheckSite> unreached = new ArrayList<>();
        if (covers > 0) {
            t0 = System.nanoTime();
            // The covers' netlist is built only now: a broken twin fails before it is needed.
            run(Exec.of("yosys", "-q", "-l", "yosys-covers.log", "-s", "covers.ys"), work).check();
            String cov = abc(work, "read_aiger covers.aig; fold; strash; bmc3 -a -F " + depth);
            int reached = reachedCovers(cov);
            if (reached < covers) unreached.addAll(unreachedCovers(c, depth, work));
            step(steps, "cover", (covers - unreached.size()) + " of " + covers + " covers reached within " + depth + " cycles"
                    + (unreached.isEmpty() ? "" : "; never reached: " + String.join(", ", unreached.stream().map(CheckSite::describe).toList())), t0);
        }
        return new ProofReport(unreached.isEmpty() ? ProofReport.Conclusion.PROVEN : ProofReport.Conclusion.UNREACHED,
                depth, true, null, -1, "", unreached, steps);
    }

    /**
     * yosys script writing {@code name}.aig and its symbol map; with {@code replayModel} also the
     * SMT-LIB2 model of the same netlist that yosys-smtbmc replays a counterexample on.
     */
    private static String aigerScript(String verilog, String name, boolean replayModel) {
        List<String> lines = new ArrayList<>(List.of(
                "read_verilog -formal " + verilog + " harness.v",
                "prep -flatten -top " + FormalHarness.TOP,
                "memory_map",
                "opt -full",
                "async2sync",
                "setundef -undriven -anyseq",
                "opt -fast",
                "techmap",
                "opt -fast",
                "dffunmap",
                "simplemap",
                "aigmap",
                "opt_clean"));
        if (replayModel) lines.add("write_smt2 -wires " + name + ".smt2");
        // Covers are checked from their own netlist; outputs would otherwise count as properties.
        lines.addAll(List.of("chformal -cover -remove", "delete -output", "opt_clean",
                "write_aiger -I -B -zinit -map " + name + ".aim " + name + ".aig", ""));
        return String.join("\n", lines);
    }

    /** The covers of every module definition of {@code c} (a module instantiated twice counts once, as its text does). */
    private static int covers(Circuit c) {
        int n = 0;
        for (ModuleDef m : c.modules()) for (Check k : m.checks()) if (k.kind() == Check.Kind.COVER) n++;
        return n;
    }

    /**
     * Names the covers ABC did not reach: one netlist per cover (that cover alone emitted as an
     * assertion) tells which, since ABC numbers properties in an order that is not the source's.
     * Runs only when a cover is missing, so a passing proof pays for one netlist.
     */
    private List<CheckSite> unreachedCovers(Circuit c, int depth, Path work) {
        List<CheckSite> out = new ArrayList<>();
        for (ModuleDef m : c.modules()) {
            int index = 0;
            for (Check k : m.checks()) {
                if (k.kind() != Check.Kind.COVER) continue;
                write(work, "cover1.v", VerilogEmitter.emit(c, FormalView.onlyCover(m.name(), index++)));
                write(work, "cover1.ys", aigerScript("cover1.v", "cover1", false));
                run(Exec.of("yosys", "-q", "-s", "cover1.ys"), work).check();
                String r = abc(work, "read_aiger cover1.aig; fold; strash; bmc3 -F " + depth);
                if (!ABC_CEX.matcher(r).find()) out.add(CheckSite.of(k));
            }
        }
        return out;
    }

    /** Replays ABC's counterexample with yosys-smtbmc: the failing assertion, its step, the table and the VCD. */
    private ProofReport replay(String stepName, Circuit c, VerilogEmitter.Emission design, int depth, Path vcd, Path work, List<String> steps, long t0) {
        Exec.Result r = run(Exec.of("yosys-smtbmc", "-s", replaySolver.id(), "--noprogress", "--dump-vcd", "trace.vcd",
                "--aig", "model.aim:cex.aiw", "--aig-noheader", "model.smt2"), work).run();
        String out = r.output();
        if (!out.contains("BMC failed!")) failTool(r, "replay of ABC's counterexample");
        int failedStep = lastStep(out);
        CheckSite site = failedSite(out, design);
        String what = site == null ? "an assertion" : site.describe();
        step(steps, stepName, "FAILED at step " + failedStep + ": " + what
                + (site != null && site.clocked() ? " (clocked: sampled at the edge ending cycle " + (failedStep - 1) + ")" : ""), t0);
        String table = table(work.resolve("trace.vcd"), c.top().ports(), failedStep);
        if (vcd != null) copy(work.resolve("trace.vcd"), vcd);
        return new ProofReport(ProofReport.Conclusion.FAILED, depth, false, site, failedStep, table, List.of(), steps);
    }

    private static String abc(Path work, String script) {
        return run(Exec.of("yosys-abc", "-c", script), work).run().output();
    }

    /** How many covers {@code bmc3 -a} reached: one "Output N was asserted in frame F" line each. */
    static int reachedCovers(String abcOutput) {
        return countMatches(ABC_REACHED, abcOutput);
    }

    private static void failAbc(String out, String what) {
        String[] lines = out.strip().split("\n");
        throw new UserError("yosys-abc gave no verdict for the " + what + ": "
                + String.join(" | ", List.of(lines).subList(Math.max(0, lines.length - 5), lines.length)));
    }

    private static int countMatches(Pattern p, String s) {
        int n = 0;
        Matcher m = p.matcher(s);
        while (m.find()) n++;
        return n;
    }

    /**
     * The step both flows begin with: the design, the harness around it and the yosys script
     * {@code script} written into {@code work} as {@code design.v}, {@code harness.v} and
     * {@code model.ys}, then yosys running the script.
     */
    private void model(Circuit c, VerilogEmitter.Emission design, String script, Path work, List<String> steps, String done) {
        write(work, "design.v", design.verilog());
        write(work, "harness.v", FormalHarness.verilog(c.top()));
        write(work, "model.ys", script);
        long t0 = System.nanoTime();
        run(Exec.of("yosys", "-q", "-l", "yosys.log", "-s", "model.ys"), work).check();
        step(steps, "model", done, t0);
    }

    /** One proof file into {@code work}; a failure to write it is the user's to fix (a full disk, a read-only directory). */
    private static void write(Path work, String name, String text) {
        try {
            Files.writeString(work.resolve(name), text);
        } catch (IOException e) {
            throw new UserError("cannot write the proof files into " + work + ": " + e.getMessage(), e);
        }
    }

    private static Exec run(Exec e, Path work) {
        return e.in(work).hint("yosys");
    }

    private void step(List<String> steps, String name, String text, long t0) {
        String line = String.format("  %-10s %s [%.1f s]", name, text, (System.nanoTime() - t0) / 1e9);
        steps.add(line);
        log.println(line);
        log.flush();
    }

    private static void requirePassed(Exec.Result r, String what) {
        if (!r.output().contains("Status: PASSED")) failTool(r, what);
    }

    private static void requireAnswered(Exec.Result r, String what) {
        if (!r.output().contains("Status: FAILED") && !r.output().contains("Status: PASSED")) failTool(r, what);
    }

    private static void failTool(Exec.Result r, String what) {
        throw new UserError("yosys-smtbmc gave no verdict for the " + what + " (exit " + r.exit() + "):\n" + r.tail(15));
    }

    private static int lastStep(String out) {
        int step = -1;
        Matcher m = STEP.matcher(out);
        while (m.find()) step = Integer.parseInt(m.group(1));
        return step;
    }

    private static CheckSite failedSite(String out, VerilogEmitter.Emission design) {
        for (String line : out.split("\n"))
            if (line.contains("Assert failed in")) {
                CheckSite s = siteOf(line, design);
                if (s != null) return s;
            }
        return null;
    }

    /**
     * The property a smtbmc line points at. The span of an immediate check starts at its
     * {@code always @(*)} line and ends on the check's own line, so the end line is tried first.
     */
    private static CheckSite siteOf(String line, VerilogEmitter.Emission design) {
        Matcher m = DESIGN_SPAN.matcher(line);
        while (m.find()) {
            for (int g = 2; g >= 1; g--) {
                CheckSite s = design.sites().get(Integer.parseInt(m.group(g)));
                if (s != null) return s;
            }
        }
        return null;
    }

    /** The top's ports, one row per cycle of the trace up to the failing step. */
    static String table(Path trace, List<Port> ports, int lastStep) {
        Vcd v;
        try {
            v = Vcd.read(trace);
        } catch (IOException e) {
            throw new UserError("cannot read the counterexample trace " + trace + ": " + e.getMessage(), e);
        }
        List<String> header = new ArrayList<>(List.of("cycle"));
        List<Vcd.Signal> cols = new ArrayList<>();
        for (Port p : ports) {
            header.add(p.name());
            cols.add(v.signals().get(FormalHarness.TOP + "." + p.name()));
        }
        List<List<String>> rows = new ArrayList<>();
        for (int step = 0; step <= lastStep; step++) {
            List<String> row = new ArrayList<>(List.of(String.valueOf(step)));
            for (int i = 0; i < cols.size(); i++) {
                Vcd.Signal s = cols.get(i);
                BigInteger x = s == null ? null : s.valueAt(10L * step);
                row.add(x == null ? "?" : ports.get(i).width() > 16 ? "0x" + x.toString(16) : x.toString());
            }
            rows.add(row);
        }
        int[] w = new int[header.size()];
        for (int i = 0; i < w.length; i++) {
            w[i] = header.get(i).length();
            for (List<String> r : rows) w[i] = Math.max(w[i], r.get(i).length());
        }
        StringBuilder sb = new StringBuilder();
        appendRow(sb, header, w);
        for (List<String> r : rows) appendRow(sb, r, w);
        return sb.toString();
    }

    private static void appendRow(StringBuilder sb, List<String> cells, int[] w) {
        sb.append("   ");
        for (int i = 0; i < cells.size(); i++) sb.append(' ').append(" ".repeat(w[i] - cells.get(i).length())).append(cells.get(i));
        sb.append('\n');
    }

    private static void copy(Path from, Path to) {
        try {
            Files.copy(from, to, StandardCopyOption.REPLACE_EXISTING);
        } catch (IOException e) {
            throw new UserError("cannot write the counterexample VCD to " + to + ": " + e.getMessage(), e);
        }
    }

    /** Tool failures (missing yosys, a crash) surface as one line for the user. */
    static UserError asUserError(ToolException e) {
        return new UserError(e.getMessage(), e);
    }
}

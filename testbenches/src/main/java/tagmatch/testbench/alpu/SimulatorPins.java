package tagmatch.testbench.alpu;

import java.util.Objects;

import tagmatch.alpu.AlpuConfig;
import tagmatch.alpu.Variant;
import tagmatch.alpu.model.PortInputs;
import tagmatch.alpu.model.PortOutputs;
import tagmatch.sim.PortHandle;
import tagmatch.sim.Simulator;

/**
 * {@link AlpuPins} over an {@code hdl-sim} {@link Simulator} of any Verilog top with the
 * datasheet's port names ({@link AlpuPortNames}): inputs are poked, outputs peeked after they
 * settle, and one {@link Simulator#step()} is one rising edge. The R9 bound is the one the
 * design documents (the generator's report), passed in by the caller.
 */
public final class SimulatorPins implements AlpuPins {
    private final Simulator sim;
    private final AlpuConfig config;
    private final int r9Bound;
    private final String name;
    private final PortHandle rst;
    private final PortHandle reqValid;
    private final PortHandle reqMatch;
    private final PortHandle reqMask;
    private final PortHandle cmdValid;
    private final PortHandle cmdOp;
    private final PortHandle cmdMatch;
    private final PortHandle cmdMask;
    private final PortHandle cmdTag;
    private final PortHandle rspReady;
    private final PortHandle reqReady;
    private final PortHandle cmdReady;
    private final PortHandle rspValid;
    private final PortHandle rspKind;
    private final PortHandle rspTag;
    private final PortHandle rspFree;
    private final PortHandle occupancy;
    private final PortHandle insertMode;
    private final PortHandle error;

    public SimulatorPins(Simulator sim, AlpuConfig config, int r9Bound, String name) {
        this.sim = Objects.requireNonNull(sim, "sim");
        this.config = Objects.requireNonNull(config, "config");
        if (r9Bound < 1) throw new IllegalArgumentException("r9Bound must be >= 1, got " + r9Bound);
        this.r9Bound = r9Bound;
        this.name = Objects.requireNonNull(name, "name");
        rst = sim.port("rst");
        reqValid = sim.port("req_valid");
        reqMatch = sim.port("req_match");
        reqMask = config.variant() == Variant.UMQ ? sim.port("req_mask") : null;
        cmdValid = sim.port("cmd_valid");
        cmdOp = sim.port("cmd_op");
        cmdMatch = sim.port("cmd_match");
        cmdMask = config.variant() == Variant.PRQ ? sim.port("cmd_mask") : null;
        cmdTag = sim.port("cmd_tag");
        rspReady = sim.port("rsp_ready");
        reqReady = sim.port("req_ready");
        cmdReady = sim.port("cmd_ready");
        rspValid = sim.port("rsp_valid");
        rspKind = sim.port("rsp_kind");
        rspTag = sim.port("rsp_tag");
        rspFree = sim.port("rsp_free");
        occupancy = sim.port("occupancy");
        insertMode = sim.port("insert_mode");
        error = sim.port("error");
    }

    @Override
    public AlpuConfig config() {
        return config;
    }

    @Override
    public void drive(PortInputs in) {
        sim.poke(rst, in.rst() ? 1 : 0);
        sim.poke(reqValid, in.reqValid() ? 1 : 0);
        sim.poke(reqMatch, in.reqMatch());
        if (reqMask != null) sim.poke(reqMask, in.reqMask());
        sim.poke(cmdValid, in.cmdValid() ? 1 : 0);
        sim.poke(cmdOp, in.cmdOp());
        sim.poke(cmdMatch, in.cmdMatch());
        if (cmdMask != null) sim.poke(cmdMask, in.cmdMask());
        sim.poke(cmdTag, in.cmdTag());
        sim.poke(rspReady, in.rspReady() ? 1 : 0);
    }

    @Override
    public PortOutputs sample() {
        return new PortOutputs(sim.peek(reqReady) != 0, sim.peek(cmdReady) != 0, sim.peek(rspValid) != 0,
                (int) sim.peek(rspKind), sim.peek(rspTag), (int) sim.peek(rspFree), (int) sim.peek(occupancy),
                sim.peek(insertMode) != 0, sim.peek(error) != 0);
    }

    @Override
    public void tick() {
        sim.step(1);
    }

    @Override
    public long cycle() {
        return sim.cycle();
    }

    @Override
    public int r9Bound() {
        return r9Bound;
    }

    @Override
    public String describe() {
        return name + " on " + sim.backend();
    }

    @Override
    public void close() {
        sim.closeVcd();
        sim.close();
    }
}

package tagmatch.testbench.alpu;

import tagmatch.alpu.AlpuConfig;
import tagmatch.alpu.Variant;
import tagmatch.alpu.model.PortInputs;
import tagmatch.alpu.model.PortOutputs;
import tagmatch.alpu.rtl.AlpuRtl;
import tagmatch.alpu.rtl.AlpuTiming;
import tagmatch.sim.PortHandle;
import tagmatch.sim.Simulator;
import tagmatch.sim.Simulators;
import tagmatch.sim.VerilatorOptions;

import java.nio.file.Path;
import java.util.Objects;

/**
 * {@link AlpuPins} over the generated Verilog of {@code tagmatch.alpu.rtl}, compiled by Verilator
 * and driven through {@code hdl-sim}: pokes and peeks exactly the datasheet's port names, so a
 * bench written for the model runs unchanged against the RTL. The unit is reset for two cycles
 * when opened; the bench's clock starts after that.
 */
public final class RtlPins implements AlpuPins {
    private final AlpuConfig config;
    private final Simulator sim;
    private final int r9;
    private final PortHandle rst, reqValid, reqMatch, reqMask, cmdValid, cmdOp, cmdMatch, cmdMask, cmdTag, rspReady;
    private final PortHandle reqReady, cmdReady, rspValid, rspKind, rspTag, rspFree, occupancy, insertMode, error;
    private long cycle;

    /** Builds (or reuses from the build cache) the Verilator model of {@code config}. */
    public RtlPins(AlpuConfig config) {
        this(config, null);
    }

    /** As {@link #RtlPins(AlpuConfig)}, writing a VCD waveform to {@code vcd} when it is not null. */
    public RtlPins(AlpuConfig config, Path vcd) {
        this.config = Objects.requireNonNull(config, "config");
        this.r9 = AlpuTiming.of(config).r9Bound();
        VerilatorOptions opts = VerilatorOptions.defaults().withTrace(vcd != null);
        this.sim = Simulators.verilator(AlpuRtl.elaborate(config), opts);
        boolean prq = config.variant() == Variant.PRQ;
        rst = sim.port("rst");
        reqValid = sim.port("req_valid");
        reqMatch = sim.port("req_match");
        reqMask = prq ? null : sim.port("req_mask");
        cmdValid = sim.port("cmd_valid");
        cmdOp = sim.port("cmd_op");
        cmdMatch = sim.port("cmd_match");
        cmdMask = prq ? sim.port("cmd_mask") : null;
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
        if (vcd != null) sim.openVcd(vcd);
        sim.reset(2);
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
        return new PortOutputs(sim.peek(reqReady) == 1, sim.peek(cmdReady) == 1, sim.peek(rspValid) == 1,
                (int) sim.peek(rspKind), sim.peek(rspTag), (int) sim.peek(rspFree), (int) sim.peek(occupancy),
                sim.peek(insertMode) == 1, sim.peek(error) == 1);
    }

    @Override
    public void tick() {
        sim.step(1);
        cycle++;
    }

    @Override
    public long cycle() {
        return cycle;
    }

    @Override
    public int r9Bound() {
        return r9;
    }

    @Override
    public String describe() {
        return "verilator RTL " + config.variant().defaultTop() + " " + config.cells() + "x" + config.block()
                + " match " + config.matchWidth() + " tag " + config.tagWidth();
    }

    @Override
    public void close() {
        sim.closeVcd();
        sim.close();
    }

}

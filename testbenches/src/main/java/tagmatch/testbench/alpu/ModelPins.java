package tagmatch.testbench.alpu;

import java.util.Objects;

import tagmatch.alpu.AlpuConfig;
import tagmatch.alpu.model.CycleAlpu;
import tagmatch.alpu.model.CycleTiming;
import tagmatch.alpu.model.PortInputs;
import tagmatch.alpu.model.PortOutputs;

/** {@link AlpuPins} over the cycle-accurate Java unit {@link CycleAlpu}, so benches run without RTL. */
public final class ModelPins implements AlpuPins {
    private final CycleAlpu unit;
    private PortInputs inputs = PortInputs.IDLE;

    public ModelPins(CycleAlpu unit) {
        this.unit = Objects.requireNonNull(unit, "unit");
    }

    public ModelPins(AlpuConfig config, CycleTiming timing, long seed) {
        this(new CycleAlpu(config, timing, seed));
    }

    @Override
    public AlpuConfig config() {
        return unit.config();
    }

    @Override
    public void drive(PortInputs in) {
        inputs = Objects.requireNonNull(in, "in");
    }

    @Override
    public PortOutputs sample() {
        return unit.outputs();
    }

    @Override
    public void tick() {
        unit.tick(inputs);
    }

    @Override
    public long cycle() {
        return unit.cycle();
    }

    @Override
    public int r9Bound() {
        return unit.r9Bound();
    }

    @Override
    public String describe() {
        return "java cycle model";
    }
}

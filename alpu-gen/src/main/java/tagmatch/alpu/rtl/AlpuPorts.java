package tagmatch.alpu.rtl;

import tagmatch.alpu.AlpuConfig;
import tagmatch.alpu.model.PortInputs;
import tagmatch.alpu.model.PortOutputs;
import tagmatch.hdl.core.Data;
import tagmatch.hdl.core.Pins;
import tagmatch.hdl.core.Pins.Pin;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Objects;
import java.util.function.Function;

/**
 * The pins of one ALPU configuration: {@link AlpuInterface} read by the DSL's port rule
 * ({@link Pins}, the rule {@code AlpuTop} declares its ports by), so names, widths and
 * directions are the generated Verilog's, clock and reset first; and the translation between
 * pin values and the model's {@link PortInputs}/{@link PortOutputs}. The translation refers to
 * the interface's fields, not to names, so a port renamed in the bundle is renamed everywhere.
 */
public final class AlpuPorts {
    /** The clock and synchronous reset of every module the DSL generates. */
    public static final Pin CLK = Pins.CLOCK;
    public static final Pin RST = Pins.RESET;

    private final AlpuConfig config;
    private final AlpuInterface io;
    private final Pins.Listing pins;
    private final List<Pin> inputs = new ArrayList<>();
    private final List<Pin> outputs = new ArrayList<>();

    private AlpuPorts(AlpuConfig config) {
        this.config = Objects.requireNonNull(config, "config");
        this.io = new AlpuInterface(config);
        this.pins = Pins.of(io);
        for (Pin p : pins.all()) (p.input() ? inputs : outputs).add(p);
    }

    public static AlpuPorts of(AlpuConfig config) {
        return new AlpuPorts(config);
    }

    public AlpuConfig config() {
        return config;
    }

    /**
     * The pin of one field of the interface, chosen in the bundle ({@code io -> io.rsp.valid}) so a
     * field renamed there is renamed for every user; a field this variant lacks fails naming the variant.
     */
    public Pin pin(Function<AlpuInterface, ? extends Data> field) {
        Pin p = pins.of(field.apply(io));
        if (p == null) throw new IllegalArgumentException("the " + config.variant() + " interface has no such pin");
        return p;
    }

    /** Inputs in datasheet order, {@code clk} and {@code rst} first. */
    public List<Pin> inputs() {
        return Collections.unmodifiableList(inputs);
    }

    /** Outputs in datasheet order. */
    public List<Pin> outputs() {
        return Collections.unmodifiableList(outputs);
    }

    /** Every pin, inputs first. */
    public List<Pin> all() {
        List<Pin> all = new ArrayList<>(inputs);
        all.addAll(outputs);
        return all;
    }

    /**
     * The value of each input pin for {@code in}, aligned with {@link #inputs()} ({@code clk} is
     * 0: the caller clocks). A field the variant lacks is not a pin, so its value is dropped.
     */
    public BigInteger[] inputValues(PortInputs in) {
        BigInteger[] v = new BigInteger[inputs.size()];
        v[inputs.indexOf(CLK)] = BigInteger.ZERO;
        v[inputs.indexOf(RST)] = bit(in.rst());
        put(v, io.req.valid, bit(in.reqValid()));
        put(v, io.req.match, in.reqMatch());
        put(v, io.req.mask, in.reqMask());
        put(v, io.cmd.valid, bit(in.cmdValid()));
        put(v, io.cmd.op, BigInteger.valueOf(in.cmdOp()));
        put(v, io.cmd.match, in.cmdMatch());
        put(v, io.cmd.mask, in.cmdMask());
        put(v, io.cmd.tag, BigInteger.valueOf(in.cmdTag()));
        put(v, io.rsp.ready, bit(in.rspReady()));
        for (int i = 0; i < v.length; i++) {
            if (v[i] == null) throw new IllegalStateException("input pin " + inputs.get(i).name() + " has no model value");
        }
        return v;
    }

    /** The model's outputs from the output pins' values, aligned with {@link #outputs()}. */
    public PortOutputs outputValues(long[] v) {
        if (v.length != outputs.size()) {
            throw new IllegalArgumentException("expected " + outputs.size() + " output values, got " + v.length);
        }
        return new PortOutputs(get(v, io.req.ready) != 0, get(v, io.cmd.ready) != 0, get(v, io.rsp.valid) != 0,
                (int) get(v, io.rsp.kind), get(v, io.rsp.tag), (int) get(v, io.rsp.free),
                (int) get(v, io.occupancy), get(v, io.insertMode) != 0, get(v, io.error) != 0);
    }

    private void put(BigInteger[] v, Data field, BigInteger value) {
        if (field != null) v[inputs.indexOf(pins.of(field))] = value;
    }

    private long get(long[] v, Data field) {
        return v[outputs.indexOf(pins.of(field))];
    }

    private static BigInteger bit(boolean b) {
        return b ? BigInteger.ONE : BigInteger.ZERO;
    }
}

package tagmatch.hdl.core;

import tagmatch.hdl.ir.Direction;
import tagmatch.hdl.ir.Instance;
import tagmatch.hdl.ir.ModuleDef;
import tagmatch.hdl.ir.Signal;

import java.util.Map;

/**
 * A hardware module: subclass it, take parameters in the constructor, declare ports with
 * {@link #input}/{@link #output} and describe the logic in the constructor body.
 *
 * <pre>{@code
 * public final class Accumulator extends Module {
 *     final Bool en = input(new Bool());
 *     final UInt in = input(new UInt(8));
 *     final UInt sum = output(new UInt(16));
 *
 *     public Accumulator() {
 *         UInt acc = regInit(UInt(16), 0);
 *         when(en, () -> acc.set(acc.add(in.pad(16))));
 *         sum.set(acc);
 *     }
 * }
 * Circuit c = Elaborator.elaborate(Accumulator::new);
 * }</pre>
 *
 * Ports, wires and registers held in fields are named after the field; a module gets an
 * implicit {@code clk} and reset input once it needs them ({@link Hdl#clock()} and
 * {@link Hdl#reset()} reach them as values). The reset is synchronous and active high ({@code rst})
 * unless the module names another {@link ResetKind} ({@code super(ResetKind.ASYNC_LOW)}: an
 * asynchronous {@code rst_n}) or is built inside a domain whose kind it then inherits. An input
 * {@code Bool} the module names {@code clk} or {@code rst} ({@code rst_n}) is that clock or reset.
 */
public abstract class Module {
    final ModuleDef def;
    Module parentModule;
    Instance instance;

    /** A module whose implicit reset is of the kind in force where it is built (synchronous, active high at the top). */
    protected Module() {
        this(null);
    }

    /**
     * A module whose implicit reset acts as {@code implicitReset} says, whatever its parent uses:
     * {@code super(ResetKind.ASYNC_LOW)} gives {@code always @(posedge clk or negedge rst_n)} and an
     * input {@code rst_n}; the simulators' {@code reset()} drives it low.
     */
    protected Module(ResetKind implicitReset) {
        Builder b = Builder.active();
        def = new ModuleDef(getClass().getSimpleName(), getClass().getName(), Map.of(), Locators.here());
        Builder.Frame parent = Builder.frameOrNull();
        ResetKind kind = implicitReset != null ? implicitReset : parent != null ? parent.resetKind : ResetKind.SYNC_HIGH;
        def.implicitResetKind(kind.async, kind.activeLow);
        b.push(this, def);
    }

    /** The Verilog module name; defaults to the class's simple name. Deduplication may add a suffix. */
    protected String desiredName() {
        String n = getClass().getSimpleName();
        return n.isEmpty() ? "Anon" : n;
    }

    /** Records a generator parameter for the header comment of the emitted Verilog. */
    protected final void param(String key, Object value) {
        def.param(key, String.valueOf(value));
    }

    /** Adds a synthesis attribute to this module, emitted as {@code (* key = "value" *)} before {@code module}. */
    protected final void attribute(String key, String value) {
        Attributes.check(key, value, Locators.here());
        def.attribute(key, value);
    }

    protected final <T extends Data> T input(T type) {
        return port(type, Direction.IN);
    }

    protected final <T extends Data> T output(T type) {
        return port(type, Direction.OUT);
    }

    /**
     * Lets every register and memory write of this module sample values of other clock domains
     * without a synchronizer: for a description of asynchronous behaviour on purpose (a random
     * circuit that tests simulators, a model of metastability-free logic); a design marks
     * single registers with {@code crossClockDomain()} instead.
     */
    protected final void allowClockCrossings() {
        def.allowCrossings();
    }

    /**
     * An input named {@code name}. A {@code Bool} named {@code clk}, or named like the implicit
     * reset ({@code rst}, {@code rst_n} for an active-low kind), is that clock or reset: registers
     * outside any domain use it and the simulators' {@code step()} and {@code reset()} drive it.
     */
    protected final <T extends Data> T input(String name, T type) {
        if (!(this instanceof ExternalModule) && (name.equals(ModuleDef.CLOCK) || name.equals(def.resetName()))) {
            if (!(type instanceof Bool) || type.isHardware())
                throw new tagmatch.hdl.ir.HdlException("input '" + name + "' of " + getClass().getSimpleName()
                        + " is the module's implicit " + (name.equals(ModuleDef.CLOCK) ? "clock" : "reset")
                        + " and must be a fresh Bool(), got " + type.describe(), Locators.here());
            tagmatch.hdl.ir.Signal port = name.equals(ModuleDef.CLOCK) ? def.clockPort() : def.resetPort();
            def.declared(port);
            ((Bool) type).bind(port, this);
            return type;
        }
        return input(type).named(name);
    }

    protected final <T extends Data> T output(String name, T type) {
        if (!(this instanceof ExternalModule) && (name.equals(ModuleDef.CLOCK) || name.equals(def.resetName())))
            throw new tagmatch.hdl.ir.HdlException("output '" + name + "' of " + getClass().getSimpleName()
                    + " takes the name of the module's implicit " + (name.equals(ModuleDef.CLOCK) ? "clock" : "reset")
                    + " input: give the output another name", Locators.here());
        return output(type).named(name);
    }

    /**
     * Declares this module's ports as one bundle seen from outside (aligned fields are inputs,
     * flipped fields outputs), each top-level field named as itself: {@code req.valid} becomes
     * the port {@code req_valid}, {@code occupancy} the port {@code occupancy} ({@link Pins}).
     */
    protected final <T extends Bundle> T ports(T io) {
        input(io);
        io.elements().forEach((name, field) -> field.named(name));
        return io;
    }

    private <T extends Data> T port(T type, Direction dir) {
        if (Builder.frame().module != this)
            throw new tagmatch.hdl.ir.HdlException("ports of " + getClass().getSimpleName()
                    + " must be declared while it is being constructed", Locators.here());
        bindLeaves(type, dir, false);
        return type;
    }

    private void bindLeaves(Data d, Direction dir, boolean flip) {
        boolean f = flip ^ d.flipped;
        if (d instanceof Bits b) {
            Signal s = def.addPort(null, Pins.direction(dir, f), b.width(), b.signed(), Locators.here());
            b.bind(s, this);
        } else if (d instanceof Bundle bundle) {
            for (Data field : bundle.elements().values()) bindLeaves(field, dir, f);
        } else {
            for (Data e : (Vec<?>) d) bindLeaves(e, dir, f);
        }
    }

    /** The elaborated definition (name final only after elaboration). */
    public final ModuleDef definition() {
        return def;
    }
}

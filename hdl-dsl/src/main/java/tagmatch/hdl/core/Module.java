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
 * implicit {@code clk} and synchronous active-high {@code rst} input once it needs them.
 */
public abstract class Module {
    final ModuleDef def;
    Module parentModule;
    Instance instance;

    protected Module() {
        Builder b = Builder.active();
        def = new ModuleDef(getClass().getSimpleName(), getClass().getName(), Map.of(), Locators.here());
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

    protected final <T extends Data> T input(String name, T type) {
        return input(type).named(name);
    }

    protected final <T extends Data> T output(String name, T type) {
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

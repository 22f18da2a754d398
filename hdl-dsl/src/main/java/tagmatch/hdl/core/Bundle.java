package tagmatch.hdl.core;

import tagmatch.hdl.ir.HdlException;

import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

/**
 * A record of named hardware fields, declared in a subclass. A field declared with
 * {@link #flipped} flows the other way, so a whole valid/ready channel is one bundle; a field
 * declared with {@link #optional} exists only for some parameters, so every variant's port
 * list is one bundle:
 *
 * <pre>{@code
 * public final class Request extends Bundle {
 *     public final Bool valid = field("valid", new Bool());
 *     public final Bool ready = flipped("ready", new Bool());
 *     public final UInt match = field("match", new UInt(42));
 *     public final UInt mask;                       // null when the variant has no mask
 *     public Request(boolean masked) { mask = optional(masked, "mask", () -> new UInt(42)); }
 * }
 * Request req = input(new Request(true));  // ports req_valid (in), req_ready (out), req_match, req_mask (in)
 * Request q = reg(typeOf(req));            // a register of the same type (every leaf a register)
 * }</pre>
 *
 * A bundle is a value like any {@link Data}: {@code wire}, {@code reg}, {@code regNext},
 * {@code mux}, memories, {@link #asUInt()} and {@link #fromBits} all take it. Copies of the type
 * are made by cloning the Java object and re-pointing its fields at fresh copies of the field
 * types, so a subclass needs no copy constructor; its fields must hold its hardware directly
 * (not in collections).
 */
public abstract class Bundle extends Data implements Cloneable {
    private Map<String, Data> fields = new LinkedHashMap<>();
    /** Values computed from this bundle by {@link #derived}, by suffix: the latest one made. */
    private Map<String, Data> derived = new LinkedHashMap<>();
    /** The name this bundle's fields are prefixed with, once it has one. */
    private String name;

    /** Declares a field. */
    protected final <T extends Data> T field(String name, T type) {
        if (name == null || !name.matches("[A-Za-z_][A-Za-z0-9_]*"))
            throw new HdlException("bundle " + getClass().getSimpleName() + ": field name '" + name + "' is not an identifier",
                    Locators.here());
        if (fields.containsKey(name))
            throw new HdlException("bundle " + getClass().getSimpleName() + " already has a field '" + name + "'", Locators.here());
        if (type.isHardware() && !type.leaves().isEmpty())
            throw new HdlException("bundle field '" + name + "' must be a type such as UInt(8), not hardware "
                    + type.describe(), Locators.here());
        fields.put(name, type);
        return type;
    }

    /** Declares a field that flows against the bundle's direction (e.g. {@code ready}). */
    protected final <T extends Data> T flipped(String name, T type) {
        type.flipped = true;
        return field(name, type);
    }

    /**
     * Declares a field that exists only when {@code present}; returns {@code null} otherwise (and
     * the field has no port, no bits and no place in {@link #asUInt()}).
     */
    protected final <T extends Data> T optional(boolean present, String name, Supplier<T> type) {
        return present ? field(name, type.get()) : null;
    }

    /** Whether the bundle has a field {@code name} (false for an absent optional field). */
    public final boolean has(String name) {
        return fields.containsKey(name);
    }

    /** The fields in declaration order. */
    public Map<String, Data> elements() {
        return Collections.unmodifiableMap(fields);
    }

    @Override
    public List<Bits> leaves() {
        List<Bits> out = new ArrayList<>();
        for (Data d : fields.values()) out.addAll(d.leaves());
        return out;
    }

    @Override
    void collectFlips(boolean flip, List<Boolean> out) {
        for (Data d : fields.values()) d.collectFlips(flip ^ d.flipped, out);
    }

    @Override
    void nameAs(String base, boolean explicit) {
        fields.forEach((n, d) -> d.nameAs(Pins.join(base, n), explicit));
        if (explicit || name == null) {
            name = base;
            derived.forEach((suffix, d) -> d.nameAs(Pins.join(base, suffix), explicit));
        }
    }

    /**
     * A value computed from this bundle's fields, named after the bundle ({@code in_fire} for a
     * stream {@code in}) and made once per module that uses it, so that a method such as
     * {@code Stream.fire()} can be called wherever it reads best without repeating the logic
     * or leaving an anonymous temporary in the Verilog.
     */
    @SuppressWarnings("unchecked")
    protected final <T extends Data> T derived(String suffix, Supplier<T> make) {
        Builder.Frame f = Builder.frameOrNull();
        Data cached = derived.get(suffix);
        if (cached != null && f != null && cached.leaves().stream().allMatch(b -> b.owner == f.module)) return (T) cached;
        T v = make.get();
        derived.put(suffix, v);
        if (name != null) v.nameAs(Pins.join(name, suffix), false);
        return v;
    }

    @Override
    public String describe() {
        return getClass().getSimpleName();
    }

    /** The fields concatenated, the first declared most significant. */
    @Override
    public UInt asUInt() {
        if (fields.isEmpty()) throw new HdlException("bundle " + describe() + " has no fields, so no bits", Locators.here());
        List<Bits> parts = new ArrayList<>();
        for (Data d : fields.values()) parts.add(d.asUInt());
        return Hdl.cat(parts.toArray(new Bits[0]));
    }

    @Override
    Data freshType() {
        Bundle copy;
        try {
            copy = (Bundle) super.clone();
        } catch (CloneNotSupportedException e) {
            throw new AssertionError(e);
        }
        Map<Data, Data> remap = new IdentityHashMap<>();
        copy.fields = new LinkedHashMap<>();
        copy.derived = new LinkedHashMap<>();
        copy.name = null;
        for (Map.Entry<String, Data> e : fields.entrySet()) {
            Data fresh = e.getValue().freshType();
            fresh.flipped = e.getValue().flipped;
            copy.fields.put(e.getKey(), fresh);
            remap.put(e.getValue(), fresh);
        }
        for (Class<?> c = getClass(); c != Bundle.class; c = c.getSuperclass()) {
            for (Field f : c.getDeclaredFields()) {
                if (Modifier.isStatic(f.getModifiers()) || !Data.class.isAssignableFrom(f.getType())) continue;
                try {
                    f.setAccessible(true);
                    Object v = f.get(this);
                    if (v == null) continue;
                    Data fresh = remap.get(v);
                    if (fresh == null)
                        throw new HdlException("bundle " + describe() + ": Java field '" + f.getName()
                                + "' holds hardware that is not one of its declared fields; declare it with field(...)",
                                Locators.here());
                    f.set(copy, fresh);
                } catch (IllegalAccessException | RuntimeException ex) {
                    if (ex instanceof HdlException h) throw h;
                    throw new HdlException("bundle " + describe() + " cannot be copied: field '" + f.getName() + "' is not "
                            + "accessible (" + ex.getMessage() + ")", Locators.here());
                }
            }
        }
        copy.flipped = false;
        return copy;
    }
}

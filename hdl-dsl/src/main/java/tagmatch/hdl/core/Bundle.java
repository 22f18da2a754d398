package tagmatch.hdl.core;

import tagmatch.hdl.ir.HdlException;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A record of named hardware fields, declared in a subclass. A field declared with
 * {@link #flipped} flows the other way, so a whole valid/ready channel is one bundle:
 *
 * <pre>{@code
 * public final class Request extends Bundle {
 *     public final Bool valid = field("valid", new Bool());
 *     public final Bool ready = flipped("ready", new Bool());
 *     public final UInt match = field("match", new UInt(42));
 * }
 * Request req = input(new Request());   // ports req_valid (in), req_ready (out), req_match (in)
 * }</pre>
 */
public abstract class Bundle extends Data {
    private final Map<String, Data> fields = new LinkedHashMap<>();

    /** Declares a field. */
    protected final <T extends Data> T field(String name, T type) {
        if (fields.containsKey(name))
            throw new HdlException("bundle " + getClass().getSimpleName() + " already has a field '" + name + "'", Locators.here());
        fields.put(name, type);
        return type;
    }

    /** Declares a field that flows against the bundle's direction (e.g. {@code ready}). */
    protected final <T extends Data> T flipped(String name, T type) {
        type.flipped = true;
        return field(name, type);
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
    void nameAs(String base, boolean explicit) {
        fields.forEach((n, d) -> d.nameAs(base + "_" + n, explicit));
    }

    @Override
    public String describe() {
        return getClass().getSimpleName();
    }

    @Override
    Data freshType() {
        throw new HdlException("a Bundle cannot copy itself: pass a new " + describe() + "(...) or a supplier", Locators.here());
    }
}

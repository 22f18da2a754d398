package tagmatch.sim.peekpoke;

import tagmatch.hdl.core.Bits;
import tagmatch.hdl.core.Bundle;
import tagmatch.hdl.core.Data;
import tagmatch.hdl.core.Vec;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;

/**
 * A port of the design as a value of a DSL type: {@code name} and {@code type} give its
 * flattened leaf ports the way the Verilog backend names them ({@code name_field} inside a
 * bundle, {@code name_i} inside a {@code Vec}). Made by {@link Testbench#port(String, Data)};
 * the type is only a shape (e.g. {@code new Stream<>(UInt(8))}), never hardware.
 */
public final class Handle<T extends Data> {
    /** One ground leaf: its port name, width and direction as the design has it. */
    record Leaf(String port, int width, boolean input, tagmatch.sim.PortHandle handle) {}

    private final String name;
    private final T type;
    private final List<Leaf> leaves;

    Handle(String name, T type, List<Leaf> leaves) {
        this.name = name;
        this.type = type;
        this.leaves = List.copyOf(leaves);
    }

    public String name() {
        return name;
    }

    public T type() {
        return type;
    }

    List<Leaf> leaves() {
        return leaves;
    }

    /** The leaf port names of {@code type} under {@code base}, in {@link Data#leaves()} order. */
    static List<String> leafNames(String base, Data type) {
        List<String> out = new ArrayList<>();
        collect(base, type, out);
        return Collections.unmodifiableList(out);
    }

    private static void collect(String base, Data type, List<String> out) {
        if (type instanceof Bits) {
            out.add(base);
        } else if (type instanceof Bundle) {
            for (Map.Entry<String, Data> f : ((Bundle) type).elements().entrySet()) collect(base + "_" + f.getKey(), f.getValue(), out);
        } else if (type instanceof Vec) {
            Vec<?> v = (Vec<?>) type;
            for (int i = 0; i < v.size(); i++) collect(base + "_" + i, v.get(i), out);
        } else {
            throw new IllegalArgumentException("port " + base + ": type " + type.describe() + " is not Bits, Bundle or Vec");
        }
    }

    @Override
    public String toString() {
        return name;
    }
}

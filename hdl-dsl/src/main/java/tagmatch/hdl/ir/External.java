package tagmatch.hdl.ir;

import java.util.List;
import java.util.Map;

/**
 * What makes a {@link ModuleDef} external: a Verilog module defined elsewhere, instantiated by
 * name with {@code #(.P(v))}. The definition has ports and no body.
 *
 * @param parameters Verilog parameter name to the value's Verilog text ({@code 8}, {@code "FAST"}, {@code 4'b1010})
 * @param sources    files that define the module, as given (the Verilator backend compiles them in)
 * @param inline     Verilog text that defines the module, emitted with the design's own modules, or null
 */
public record External(Map<String, String> parameters, List<String> sources, String inline) {
    public External {
        parameters = Map.copyOf(new java.util.TreeMap<>(parameters));
        sources = List.copyOf(sources);
    }

    /** Parameters in a fixed (sorted) order, for deterministic output. */
    public java.util.SortedMap<String, String> sortedParameters() {
        return new java.util.TreeMap<>(parameters);
    }
}

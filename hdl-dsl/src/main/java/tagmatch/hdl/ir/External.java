package tagmatch.hdl.ir;

import java.util.List;
import java.util.Map;

/**
 * What makes a {@link ModuleDef} external: a Verilog module defined elsewhere, instantiated by
 * name with {@code #(.P(v))}. The definition has ports and no body.
 *
 * @param parameters   Verilog parameter name to the value's Verilog text ({@code 8}, {@code "FAST"}, {@code 4'b1010})
 * @param sources      files that define the module, as given (the Verilator backend compiles them in)
 * @param inline       Verilog text that defines the module, emitted with the design's own modules, or null
 * @param risingEdges  inputs whose rising edges the module acts on (its clocks), by name
 * @param fallingEdges inputs whose falling edges it acts on (an asynchronous active-low reset), by name
 */
public record External(Map<String, String> parameters, List<String> sources, String inline, List<String> risingEdges,
                       List<String> fallingEdges) {
    public External {
        parameters = Map.copyOf(new java.util.TreeMap<>(parameters));
        sources = List.copyOf(sources);
        risingEdges = List.copyOf(risingEdges);
        fallingEdges = List.copyOf(fallingEdges);
    }

    /** A module whose edges are not declared. */
    public External(Map<String, String> parameters, List<String> sources, String inline) {
        this(parameters, sources, inline, List.of(), List.of());
    }

    /** Parameters in a fixed (sorted) order, for deterministic output. */
    public java.util.SortedMap<String, String> sortedParameters() {
        return new java.util.TreeMap<>(parameters);
    }
}

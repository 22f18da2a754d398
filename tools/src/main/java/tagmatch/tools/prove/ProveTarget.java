package tagmatch.tools.prove;

import tagmatch.hdl.ir.Circuit;

import java.util.function.Supplier;
import java.util.function.UnaryOperator;

/**
 * One thing {@code tagmatch prove} proves: a circuit with properties, the depth its proof needs,
 * whether k-induction must close at that depth ({@code induction}; otherwise the proof is
 * bounded, and says so) and a fault that breaks it on purpose, so a test can show the proof is
 * not vacuous.
 */
public record ProveTarget(String name, String summary, Supplier<Circuit> circuit, int depth, boolean induction, Fault fault) {

    /** A deliberate bug: what it breaks, and the rewrite of the elaborated circuit that does it. */
    public record Fault(String description, UnaryOperator<Circuit> apply) {}

    /** The circuit with its fault in place. */
    public Circuit broken() {
        return fault.apply().apply(circuit.get());
    }
}

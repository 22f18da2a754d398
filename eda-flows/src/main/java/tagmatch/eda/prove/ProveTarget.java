package tagmatch.eda.prove;

import tagmatch.hdl.ir.Circuit;

import java.util.List;
import java.util.function.Supplier;
import java.util.function.UnaryOperator;

/**
 * One thing {@code tagmatch prove} proves: a circuit with properties, the depth its bounded
 * check and covers need, how it is proven for all time ({@code method}) and the faults that break
 * it on purpose (at least one), so a test can show the proof is not vacuous: each fault must make
 * a property fail. A target {@code inCi} is proven by the test suite; the others (minutes each)
 * only by command, while their faults are still shown failing by the suite.
 */
public record ProveTarget(String name, String summary, Supplier<Circuit> circuit, int depth, Method method, List<Fault> faults,
                          boolean inCi) {

    public ProveTarget {
        if (faults.isEmpty()) throw new IllegalArgumentException("prove target " + name + " needs a fault that breaks it");
        faults = List.copyOf(faults);
    }

    /** A target the test suite proves, with one fault. */
    public ProveTarget(String name, String summary, Supplier<Circuit> circuit, int depth, Method method, Fault fault) {
        this(name, summary, circuit, depth, method, List.of(fault), true);
    }

    /** How a target's properties are established. */
    public enum Method {
        /** Bounded model checking only: no counterexample within the depth, and the report says so. */
        BOUNDED,
        /** BMC, then k-induction at the depth (yosys-smtbmc): proven for all time when it closes. */
        INDUCTION,
        /**
         * BMC, then property-directed reachability (IC3) in ABC on the bit-blasted design: proven
         * for all time without hand-written strengthening invariants, for designs whose
         * k-induction would need a depth no SMT solver reaches (the ALPU).
         */
        PDR;

        /** How {@code --list} and the reports name it. */
        public String label() {
            return name().toLowerCase(java.util.Locale.ROOT);
        }
    }

    /** Whether the target claims a proof for all time (otherwise a bounded one). */
    public boolean unbounded() {
        return method != Method.BOUNDED;
    }

    /** A deliberate bug: what it breaks, and the rewrite of the elaborated circuit that does it. */
    public record Fault(String description, UnaryOperator<Circuit> apply) {}

    /** Fault {@code n} (1-based, as {@code --broken=N} and {@code --list} number them). */
    public Fault fault(int n) {
        return faults.get(n - 1);
    }

    /** The circuit with fault {@code n} in place. */
    public Circuit broken(int n) {
        return fault(n).apply().apply(circuit.get());
    }
}

/**
 * Bounded proofs of the properties written in the DSL ({@code Assert}, {@code Assume},
 * {@code Cover}) with yosys ({@code read_verilog -formal}, {@code write_smt2}) and yosys-smtbmc:
 * bounded model checking, k-induction and cover reachability, with a counterexample shown as a
 * cycle-by-cycle table of the ports and written as a VCD. {@link tagmatch.eda.prove.Prover} is
 * what {@code tagmatch prove} ({@link tagmatch.eda.prove.TargetProof}: one target, broken on
 * purpose when asked) and the {@code prove} step of a sweep run.
 */
package tagmatch.eda.prove;

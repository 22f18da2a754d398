/**
 * {@code tagmatch prove}: the properties written in the DSL ({@code Assert}, {@code Assume},
 * {@code Cover}) proven with yosys ({@code read_verilog -formal}, {@code write_smt2}) and
 * yosys-smtbmc: bounded model checking, k-induction and cover reachability, with a
 * counterexample shown as a cycle-by-cycle table of the ports and written as a VCD.
 */
package tagmatch.tools.prove;

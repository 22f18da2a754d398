/**
 * Properties of the standard library, written once in the DSL beside the generators: each
 * {@code *Properties} module instantiates one block, drives its inputs from free ports (the
 * prover chooses them) and states what the block guarantees over its ports, with {@code Cover}s
 * that show each property's antecedent is reachable. {@code tagmatch prove} proves them;
 * {@link tagmatch.hdl.lib.formal.Faults} breaks a block on purpose so a test can show the proof fails.
 */
package tagmatch.hdl.lib.formal;

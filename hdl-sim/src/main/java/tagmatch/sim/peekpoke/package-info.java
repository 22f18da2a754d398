/**
 * Peek, poke and expect over any {@link tagmatch.sim.Simulator} backend, the testbench API a
 * test writes against: typed handles for ports of any DSL type (bundles and {@code Vec}s poked
 * from Java records, maps and lists and peeked back as values), {@code expect} with the cycle and
 * both values in its message, concurrent testbench threads that run in lockstep on one clock
 * under a deterministic cooperative scheduler, and internal signals brought out by hierarchical
 * name. The benches that check this project's designs live in module {@code testbenches}.
 */
package tagmatch.sim.peekpoke;

/**
 * Simulation of circuits from Java: one {@link tagmatch.sim.Simulator} API (poke/peek by name or
 * {@link tagmatch.sim.PortHandle}, step, reset, and a batched {@link tagmatch.sim.Stimulus} run in one
 * call) over two backends, Verilator through a generated C ABI shim loaded with JNA direct mapping,
 * and a Java interpreter; plus the build cache and a VCD reader.
 */
package tagmatch.sim;

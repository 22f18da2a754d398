/**
 * Simulation of circuits from Java, the API every backend implements: one
 * {@link tagmatch.sim.Simulator} (poke/peek by name or {@link tagmatch.sim.PortHandle}, step, reset,
 * and a batched {@link tagmatch.sim.Stimulus} run in one call), the design description
 * ({@link tagmatch.sim.SimDesign}), results, the VCD reader, and the Java behavioural models of
 * external Verilog modules that the Java backends run in their place ({@link tagmatch.sim.BehaviouralModel},
 * {@link tagmatch.sim.ModelPorts}, {@link tagmatch.sim.BehaviouralModels}). The backends sit in
 * {@code verilator} (build, cache, shim, JNA runtime), {@code compiled} and {@code interpreter};
 * what the two Java ones share sits in {@code flat}; all of them depend on this package and not
 * the other way round. The entry points that pick a backend sit above them, in {@code backends}
 * ({@link tagmatch.sim.backends.Simulators}).
 */
package tagmatch.sim;

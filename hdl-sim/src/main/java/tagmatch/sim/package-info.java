/**
 * Simulation of circuits from Java, the API every backend implements: one
 * {@link tagmatch.sim.Simulator} (poke/peek by name or {@link tagmatch.sim.PortHandle}, step, reset,
 * and a batched {@link tagmatch.sim.Stimulus} run in one call), the design description
 * ({@link tagmatch.sim.SimDesign}), results, the VCD reader and the entry points
 * ({@link tagmatch.sim.Simulators}), and the Java behavioural models of external Verilog modules
 * that the Java backends run in their place ({@link tagmatch.sim.BehaviouralModel},
 * {@link tagmatch.sim.ModelPorts}, {@link tagmatch.sim.BehaviouralModels}). The backends sit in
 * {@code verilator} (build, cache, shim, JNA runtime), {@code compiled} and {@code interpreter};
 * the two Java ones share {@link tagmatch.sim.JvmSimulator}, its waveform
 * ({@link tagmatch.sim.VcdWriter}) and a model's binding to their slots
 * ({@link tagmatch.sim.BoundModel}).
 */
package tagmatch.sim;

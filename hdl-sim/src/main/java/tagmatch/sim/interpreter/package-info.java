/**
 * The Java interpreter backend: {@link tagmatch.sim.interpreter.InterpretedKernel} executes a
 * design's {@link tagmatch.sim.flat.Schedule} by walking evaluator trees
 * ({@link tagmatch.sim.interpreter.Eval}) built once from its expressions, run by the simulator
 * both Java backends share, {@link tagmatch.sim.flat.FlatSimulator}. No native tools; an
 * independent second opinion on what the generated Verilog means.
 */
package tagmatch.sim.interpreter;

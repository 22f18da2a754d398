/**
 * The Java interpreter backend: {@link tagmatch.sim.interpreter.FlatCircuit} compiles a lowered
 * circuit, flattened by {@link tagmatch.sim.flat.Hierarchy}, into slots and dependency-ordered assignments once, {@link tagmatch.sim.interpreter.Eval}
 * evaluates them, {@link tagmatch.sim.interpreter.InterpreterSimulator} runs cycles;
 * {@link tagmatch.sim.interpreter.ModelBinding} runs an external module's Java behavioural model
 * in the instance's place. No native tools;
 * an independent second opinion on what the generated Verilog means.
 */
package tagmatch.sim.interpreter;

/**
 * The simulators of a circuit, one entry point per backend ({@link tagmatch.sim.backends.Simulators}):
 * Verilator, compiled to JVM bytecode, the Java interpreter, or one picked by name. It sits above
 * the backends, which implement the API of {@code tagmatch.sim}, so that the API depends on no
 * backend.
 */
package tagmatch.sim.backends;

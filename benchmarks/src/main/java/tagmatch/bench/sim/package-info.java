/**
 * Simulation speed: {@link tagmatch.bench.sim.SimBenchmark} runs {@link tagmatch.bench.sim.TreeBehindFifo}
 * through a generated C++ Verilator harness ({@link tagmatch.bench.sim.CppHarness}, the baseline),
 * JNA per cycle and batched, the interpreter and the compiled backend, the paths taking turns round
 * after round ({@link tagmatch.bench.sim.Rounds}) so that the machine's load falls on all of them alike.
 */
package tagmatch.bench.sim;

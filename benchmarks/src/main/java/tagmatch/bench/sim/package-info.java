/**
 * Simulation speed: {@link tagmatch.bench.sim.SimBenchmark} runs {@link tagmatch.bench.sim.TreeBehindFifo}
 * through a generated C++ Verilator harness ({@link tagmatch.bench.sim.CppHarness}, the baseline),
 * JNA per cycle and batched, the interpreter and the compiled backend.
 */
package tagmatch.bench.sim;

/**
 * The compiled backend: a design's {@link tagmatch.sim.flat.Schedule} written as one JVM class
 * with ASM ({@link tagmatch.sim.compiled.KernelWriter}), a {@link tagmatch.sim.flat.Kernel} run
 * by the simulator both Java backends share, {@link tagmatch.sim.flat.FlatSimulator}. No native
 * tools and no build wait; the JIT compiles the design's code like any other Java.
 */
package tagmatch.sim.compiled;

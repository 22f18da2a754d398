/**
 * The compiled backend: a lowered circuit, flattened by
 * {@link tagmatch.sim.flat.Hierarchy}, laid out in one array of 64-bit words
 * ({@link tagmatch.sim.compiled.Netlist}), written as one JVM class with ASM
 * ({@link tagmatch.sim.compiled.KernelWriter}) and run in-process by
 * {@link tagmatch.sim.compiled.CompiledSimulator}; external modules run as behavioural models
 * between the kernel's combinational segments ({@link tagmatch.sim.compiled.ModelledKernel}).
 * No native tools and no build wait; the JIT compiles the design's code like any other Java.
 */
package tagmatch.sim.compiled;

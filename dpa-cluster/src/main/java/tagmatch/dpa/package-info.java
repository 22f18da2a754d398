/**
 * A DPA-like cluster of fine-grained multithreaded RV64IMAC cores written in the DSL
 * ({@link tagmatch.dpa.DpaCluster}), the ELF loader and the runner that drives it under Verilator
 * ({@link tagmatch.dpa.DpaRun}). The bare-metal conventions are in {@link tagmatch.dpa.BareMetal}.
 */
package tagmatch.dpa;

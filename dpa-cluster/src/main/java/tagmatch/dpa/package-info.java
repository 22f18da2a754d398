/**
 * A DPA-like cluster of fine-grained multithreaded RV64IMAC cores written in the DSL, the ELF
 * loader and the runner that drives it under Verilator. The bare-metal conventions are in
 * {@code docs/dpa.md}.
 */
package tagmatch.dpa;

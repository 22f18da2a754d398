/** {@code tagmatch dpa}: runs bare-metal RV64 programs on the simulated DPA cluster of {@code dpa-cluster}. */
package tagmatch.tools.dpa;

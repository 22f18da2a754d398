/** {@code tagmatch figure}: the adapter of the seeds' figures, which the {@code benchmarks} module measures and draws. */
package tagmatch.tools.figure;

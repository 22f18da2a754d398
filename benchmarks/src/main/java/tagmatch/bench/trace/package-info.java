/** Trace analysis as a user meets it: {@link tagmatch.bench.trace.TraceBenchmark}, whole processes without, with and from the caches. */
package tagmatch.bench.trace;

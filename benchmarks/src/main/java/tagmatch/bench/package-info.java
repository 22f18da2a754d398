/**
 * Benchmarks that measure a baseline in the same run and report ratios to it, and the seeds'
 * figures; the command line ({@code tagmatch bench}, {@code tagmatch figure}) only reads their
 * settings and prints what they return. What they share: {@link tagmatch.bench.ProcessCost}, a
 * whole process's wall, CPU and peak memory; {@link tagmatch.bench.LoadAverage}; {@link tagmatch.bench.Median}.
 */
package tagmatch.bench;

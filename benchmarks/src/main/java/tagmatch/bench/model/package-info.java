/** Matching strategies' speed: {@link tagmatch.bench.model.ModelBenchmark}, ops/s against the linked list, and entries inspected per operation. */
package tagmatch.bench.model;

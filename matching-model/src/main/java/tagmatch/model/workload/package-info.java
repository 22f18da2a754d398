/**
 * Seeded, reproducible workload generators ({@link tagmatch.model.workload.Workloads}) producing
 * the one event stream ({@link tagmatch.model.Event}) that the matchers, the ALPU benches and the
 * firmware benches all consume: seed 000's no-conflict/with-conflict blocks, seed 002's shuffle and
 * burst, halo exchanges, all-to-all, many-to-one with ANY_SOURCE, and random with wildcards.
 */
package tagmatch.model.workload;

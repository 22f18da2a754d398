/**
 * The cluster's cache hierarchy: tag arrays that decide what each access costs while the data
 * stays in the banked RAM, its geometry, its latencies and their three named settings
 * (docs/dpa.md, "Memory hierarchy").
 */
package tagmatch.dpa.mem;

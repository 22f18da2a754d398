/**
 * The generated optimistic tag matcher ({@code otm.c}, unmodified) on the simulated DPA cluster:
 * a bare-metal driver ({@code otm_dpa_driver.c}) that feeds it the way the handler does, the
 * co-simulation against the reference at any N ({@link tagmatch.dpasystem.ClusterCosim}) and
 * cycle counts of the benchmark's workloads ({@link tagmatch.dpasystem.ClusterBench}); and seed
 * 003's bandwidth window with the cluster as the NIC ({@link tagmatch.dpasystem.OffloadOnNic}).
 */
package tagmatch.dpasystem;

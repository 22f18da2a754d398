/**
 * {@code tagmatch sweep}: design-space sweeps of the ALPU. A {@link tagmatch.tools.sweep.Grid} of
 * configurations times the chosen {@link tagmatch.tools.sweep.Step}s makes a deterministic list
 * of {@link tagmatch.tools.sweep.Task}s; a {@link tagmatch.tools.sweep.Shard} picks every n-th of
 * them; {@link tagmatch.tools.sweep.LocalRunner} runs them on a bounded worker pool, or
 * {@link tagmatch.tools.sweep.SlurmRunner} hands one shard per job-array task to Slurm. Every
 * finished task is one JSON line in the {@link tagmatch.tools.sweep.ResultStore}, which is also
 * what makes a sweep resumable; {@link tagmatch.tools.sweep.SweepReport} merges the lines into
 * tables and plots.
 */
package tagmatch.tools.sweep;

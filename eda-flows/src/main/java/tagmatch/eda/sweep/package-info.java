/**
 * Design-space sweeps of the ALPU, the engine behind {@code tagmatch sweep}. A
 * {@link tagmatch.eda.sweep.Grid} of configurations times the chosen
 * {@link tagmatch.eda.sweep.Step}s makes a deterministic list of {@link tagmatch.eda.sweep.Task}s;
 * a {@link tagmatch.eda.sweep.Shard} picks every n-th of them; {@link tagmatch.eda.sweep.LocalRunner}
 * runs them on a bounded worker pool, or {@link tagmatch.eda.sweep.SlurmRunner} hands one shard
 * per job-array task to Slurm; {@link tagmatch.eda.sweep.LocalSweep} and
 * {@link tagmatch.eda.sweep.SlurmSweep} are the two ways {@code tagmatch sweep} runs a sweep, and
 * {@link tagmatch.eda.sweep.TableSweepRun} is {@code tagmatch synth --table}. Every finished task
 * is one JSON line in the {@link tagmatch.eda.sweep.ResultStore}, which is also what makes a sweep
 * resumable; {@link tagmatch.eda.sweep.SweepReport} merges the lines into tables and plots.
 */
package tagmatch.eda.sweep;

/**
 * {@code tagmatch sweep} and {@code tagmatch sweep report}: the options of a sweep (also read from
 * spec files, {@link tagmatch.tools.sweep.SweepCommand#parseSpec}) turned into a
 * {@link tagmatch.eda.sweep.Sweep} and run by the sweep engine of the eda-flows module
 * ({@link tagmatch.eda.sweep.LocalSweep}, {@link tagmatch.eda.sweep.SlurmSweep}).
 */
package tagmatch.tools.sweep;

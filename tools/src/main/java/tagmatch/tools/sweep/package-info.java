/**
 * {@code tagmatch sweep} and {@code tagmatch sweep report}: the options of a sweep (also read from
 * spec files, {@link tagmatch.tools.sweep.SweepSpecs}) turned into a
 * {@link tagmatch.eda.sweep.Sweep} and run by the sweep engine of the eda-flows module.
 */
package tagmatch.tools.sweep;

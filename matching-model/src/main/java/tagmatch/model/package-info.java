/**
 * MPI message matching: the reference that judges every co-simulation, the matching
 * strategies of the seeds behind one {@link tagmatch.model.Matcher} interface, their cost
 * counters, and seeded workload generators producing {@link tagmatch.model.Event} streams.
 */
package tagmatch.model;

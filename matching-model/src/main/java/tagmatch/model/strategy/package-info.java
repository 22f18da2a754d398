/**
 * The matching strategies the seeds compare, each a {@link tagmatch.model.Matcher} that must give
 * exactly the reference's matches: MPICH-style linked lists, Open MPI-style per-source queues,
 * NewMadeleine's four indexes with post labels and bins (seed 000 fig. 3), seed 002's single hash
 * under no-wildcard hints, seed 000's optimistic block matching (emulated deterministically), and
 * seed 004's partner/non-partner queues. {@link tagmatch.model.strategy.Strategies} creates them by name.
 */
package tagmatch.model.strategy;

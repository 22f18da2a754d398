/**
 * The NIC driver of seed 001 sections IV-V: software posted-receive and unexpected-message lists
 * kept in front of a PRQ and a UMQ ALPU, with batched inserts, the pointer to the part of each
 * list not yet in its ALPU, and a software search of that part when the ALPU answers
 * MATCH_FAILURE. It is a {@link tagmatch.model.Matcher}, so it is judged against the
 * matching-model's reference on the same workloads.
 */
package tagmatch.alpu.nic;

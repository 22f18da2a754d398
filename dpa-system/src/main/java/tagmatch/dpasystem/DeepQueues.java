package tagmatch.dpasystem;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import tagmatch.model.Event;
import tagmatch.model.Mpi;
import tagmatch.model.workload.Workloads;

/**
 * A workload that drives both queues to a chosen depth, for matchers whose hardware holds only
 * part of a queue: {@code depth} receives posted, then {@code depth} messages (which take some
 * and leave the rest unexpected), {@code depth} more messages, then {@code depth} receives that
 * drain the unexpected queue. Sources and tags come from a small range, so many entries share a
 * key and MPI's order decides; a receive uses ANY_SOURCE or ANY_TAG with probability
 * {@code wildcards} each. One communicator; one message a block.
 */
public final class DeepQueues {
    private DeepQueues() {}

    public static List<Event> events(int depth, double wildcards, long seed) {
        if (depth < 1) throw new IllegalArgumentException("depth must be >= 1, got " + depth);
        if (!(wildcards >= 0 && wildcards <= 1)) throw new IllegalArgumentException("wildcards must be in 0..1, got " + wildcards);
        Random rnd = new Random(seed);
        List<Event> out = new ArrayList<>();
        long id = 1;
        for (int phase = 0; phase < 4; phase++) {
            boolean posts = phase == 0 || phase == 3;
            for (int i = 0; i < depth; i++) {
                int src = rnd.nextInt(4), tag = rnd.nextInt(8);
                if (posts) {
                    if (rnd.nextDouble() < wildcards) src = Mpi.ANY_SOURCE;
                    if (rnd.nextDouble() < wildcards) tag = Mpi.ANY_TAG;
                    out.add(new Event.Post(id++, 0, src, tag));
                } else {
                    out.add(new Event.Arrive(id++, 0, src, tag));
                }
            }
        }
        return Workloads.blocked(out, 1);
    }
}

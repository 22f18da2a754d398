package tagmatch.model.strategy;

import java.util.ArrayDeque;
import java.util.HashMap;
import java.util.Map;
import tagmatch.model.Hints;
import tagmatch.model.InputRules;

/**
 * Seed 002's hint-driven matching (Algorithm 1): when {@code mpi_assert_no_any_source} and
 * {@code mpi_assert_no_any_tag} both hold, one hash table keyed by (communicator, source, tag)
 * holds a FIFO per key, so the match is always the head: one lookup, one entry inspected. It
 * enforces both hints whatever the options say, so a wildcard receive is rejected with
 * {@link IllegalArgumentException} rather than silently mismatched.
 */
public final class SingleHashMatcher extends QueueMatcher {
    private record Key(int comm, int source, int tag) {}

    private final Map<Key, ArrayDeque<Entry>> posted = new HashMap<>();
    private final Map<Key, ArrayDeque<Entry>> unexpected = new HashMap<>();

    public SingleHashMatcher(StrategyOptions options) {
        super(options, new InputRules(Hints.NO_WILDCARDS, options.communicators()));
    }

    @Override
    public String name() {
        return "single-hash";
    }

    private Entry take(Map<Key, ArrayDeque<Entry>> table, Key key) {
        ArrayDeque<Entry> q = table.get(key);
        costs.binSearched(q == null ? 0 : q.size());
        if (q == null) return null;
        costs.inspect(1);
        Entry e = q.pollFirst();
        if (q.isEmpty()) table.remove(key);
        return e;
    }

    @Override
    protected Entry takeUnexpected(int comm, int source, int tag) {
        return take(unexpected, new Key(comm, source, tag));
    }

    @Override
    protected Entry takePosted(int comm, int source, int tag) {
        return take(posted, new Key(comm, source, tag));
    }

    @Override
    protected void storePosted(Entry r) {
        posted.computeIfAbsent(new Key(r.comm, r.source, r.tag), k -> new ArrayDeque<>()).addLast(r);
    }

    @Override
    protected void storeUnexpected(Entry m) {
        unexpected.computeIfAbsent(new Key(m.comm, m.source, m.tag), k -> new ArrayDeque<>()).addLast(m);
    }
}

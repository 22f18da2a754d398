package tagmatch.model.strategy;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import tagmatch.model.Costs;
import tagmatch.model.InputRules;

/**
 * One queue (posted or unexpected) organised as seed 004's partner/non-partner queues. Entries
 * from a partner process (communicator, source) go to that partner's dedicated queue; all others
 * to the current non-partner queue. Static: the partners are known from a profile and there is
 * one non-partner level. Dynamic: when the last non-partner queue grows past the threshold t, the
 * processes with more elements in it than the edge point become partners, and a new non-partner
 * level starts; a partner's older elements stay in the levels up to the one where it became a
 * partner, so its search order is those levels, then its own queue (seed 004 Algorithm 3).
 * Within each queue entries keep their order, so the first match found in that order is the oldest.
 */
final class PartnerQueues {
    /** A dedicated queue and the last non-partner level that may still hold the partner's older elements. */
    private static final class Partner {
        final int level;
        final Chain queue = new Chain(0);

        Partner(int level) {
            this.level = level;
        }
    }

    private final boolean dynamic;
    private final PartnerSettings settings;
    private final List<Chain> levels = new ArrayList<>();
    private final Map<Long, Partner> partners = new HashMap<>();
    private int nextCheck;

    PartnerQueues(PartnerSettings settings, boolean dynamic) {
        this.settings = settings;
        this.dynamic = dynamic;
        levels.add(new Chain(0));
    }

    static long key(int comm, int source) {
        return ((long) comm << 32) | (source & 0xffffffffL);
    }

    private Partner partnerOf(int comm, int source) {
        long k = key(comm, source);
        Partner p = partners.get(k);
        if (p == null && !dynamic && settings.staticPartners().contains(source)) {
            p = new Partner(-1); // static: partners' elements never enter a non-partner queue
            partners.put(k, p);
        }
        return p;
    }

    int partnerCount() {
        return partners.size();
    }

    int levelCount() {
        return levels.size();
    }

    void store(Entry e) {
        Partner p = partnerOf(e.comm, e.source);
        Chain q = p != null ? p.queue : levels.get(levels.size() - 1);
        e.home = q;
        q.append(e);
        if (p == null && dynamic && q.size > settings.threshold() && q.size >= nextCheck
                && partners.size() < settings.maxPartners()) {
            extractPartners(q);
        }
    }

    private void extractPartners(Chain last) {
        Map<Long, Long> counts = new HashMap<>();
        for (Entry e = last.head; e != null; e = e.next[0]) counts.merge(key(e.comm, e.source), 1L, Long::sum);
        Set<Long> chosen = PartnerSettings.select(counts, settings.metric(), settings.alpha(),
                settings.maxPartners() - partners.size());
        if (chosen.isEmpty()) {
            nextCheck = last.size + settings.threshold(); // nobody stands out yet: look again after t more
            return;
        }
        int level = levels.size() - 1;
        for (Long k : chosen) partners.put(k, new Partner(level));
        levels.add(new Chain(0));
        nextCheck = 0;
    }

    /** The oldest entry from exactly (comm, source) accepted by {@code accept}, in seed 004's search order. */
    Entry firstFrom(int comm, int source, Costs costs, Filter accept) {
        Partner p = partners.get(key(comm, source));
        if (p == null && !dynamic) p = partnerOf(comm, source);
        int lastLevel = p == null ? levels.size() - 1 : p.level;
        for (int l = 0; l <= lastLevel; l++) {
            Entry e = scan(levels.get(l), costs, accept);
            if (e != null) return e;
        }
        return p == null ? null : scan(p.queue, costs, accept);
    }

    /** The oldest entry of {@code comm} (any source) accepted by {@code accept}: every queue, oldest candidate. */
    Entry firstAny(int comm, Costs costs, Filter accept) {
        Entry best = null;
        for (Chain q : levels) best = Chain.older(best, scan(q, costs, accept));
        for (Map.Entry<Long, Partner> e : partners.entrySet()) {
            if ((int) (e.getKey() >> 32) == comm) best = Chain.older(best, scan(e.getValue().queue, costs, accept));
        }
        return best;
    }

    private static Entry scan(Chain q, Costs costs, Filter accept) {
        costs.binSearched(q.size);
        for (Entry e = q.head; e != null; e = e.next[0]) {
            costs.inspect(1);
            if (accept.test(e)) return e;
        }
        return null;
    }

    void remove(Entry e) {
        e.home.remove(e);
    }

    /** A match test on a stored entry. */
    interface Filter {
        boolean test(Entry e);

        static Filter receiveMatching(int comm, int source, int tag) {
            return e -> InputRules.matches(e.comm, e.source, e.tag, comm, source, tag);
        }

        static Filter messageMatchedBy(int comm, int source, int tag) {
            return e -> InputRules.matches(comm, source, tag, e.comm, e.source, e.tag);
        }
    }
}

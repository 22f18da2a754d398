package tagmatch.model.offload;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * What {@link Prefetcher} decided: of the unexpected rendezvous messages, those prefetched (useful
 * or useless, once their receive was posted), those refused for want of a slot or too large for
 * one, and those the history declined.
 */
public record PrefetchCounts(long unexpectedRendezvous, long prefetched, long useful, long useless, long noSlot, long tooLarge, long declined) {
    public static final PrefetchCounts NONE = new PrefetchCounts(0, 0, 0, 0, 0, 0, 0);

    /** These counts and {@code o}'s summed (one application's receivers). */
    public PrefetchCounts plus(PrefetchCounts o) {
        return new PrefetchCounts(unexpectedRendezvous + o.unexpectedRendezvous, prefetched + o.prefetched, useful + o.useful, useless + o.useless,
                noSlot + o.noSlot, tooLarge + o.tooLarge, declined + o.declined);
    }

    /** Every count by a stable name, in a stable order. */
    public Map<String, Long> summary() {
        Map<String, Long> m = new LinkedHashMap<>();
        m.put("unexpected_rendezvous", unexpectedRendezvous);
        m.put("prefetched", prefetched);
        m.put("useful", useful);
        m.put("useless", useless);
        m.put("no_slot", noSlot);
        m.put("too_large", tooLarge);
        m.put("declined", declined);
        return m;
    }
}

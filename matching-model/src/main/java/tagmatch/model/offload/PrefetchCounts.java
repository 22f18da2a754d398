package tagmatch.model.offload;

import java.lang.reflect.RecordComponent;
import java.util.LinkedHashMap;
import java.util.Locale;
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

    /** Every count by its component's name in snake case, in the record's order. */
    public Map<String, Long> summary() {
        Map<String, Long> m = new LinkedHashMap<>();
        for (RecordComponent c : PrefetchCounts.class.getRecordComponents()) {
            try {
                m.put(c.getName().replaceAll("([A-Z])", "_$1").toLowerCase(Locale.ROOT), (Long) c.getAccessor().invoke(this));
            } catch (ReflectiveOperationException e) {
                throw new IllegalStateException("a record's accessor is public", e);
            }
        }
        return m;
    }
}

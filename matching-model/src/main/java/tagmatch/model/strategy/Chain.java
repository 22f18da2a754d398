package tagmatch.model.strategy;

import tagmatch.model.Costs;
import tagmatch.model.InputRules;

/**
 * An intrusive doubly linked list of {@link Entry entries} through link slot {@code slot}:
 * append at the tail, unlink anywhere in O(1), scan from the head. Every strategy's queues, bins
 * and lists are chains; searches count each entry compared in {@link Costs}.
 */
final class Chain {
    final int slot;
    Entry head;
    Entry tail;
    int size;

    Chain(int slot) {
        this.slot = slot;
    }

    void append(Entry e) {
        e.prev[slot] = tail;
        e.next[slot] = null;
        if (tail == null) head = e; else tail.next[slot] = e;
        tail = e;
        size++;
    }

    void remove(Entry e) {
        Entry p = e.prev[slot];
        Entry n = e.next[slot];
        if (p == null) head = n; else p.next[slot] = n;
        if (n == null) tail = p; else n.prev[slot] = p;
        e.prev[slot] = null;
        e.next[slot] = null;
        size--;
    }

    /** The oldest stored receive matching the message, or null; {@code skipTaken} ignores entries consumed in this block. */
    Entry firstReceiveFor(int comm, int source, int tag, Costs costs, boolean skipTaken) {
        costs.binSearched(size);
        for (Entry e = head; e != null; e = e.next[slot]) {
            if (skipTaken && e.taken) continue;
            costs.inspect(1);
            if (InputRules.matches(e.comm, e.source, e.tag, comm, source, tag)) {
                costs.found();
                return e;
            }
        }
        return null;
    }

    /** The oldest stored message matched by the receive, or null. */
    Entry firstMessageFor(int comm, int source, int tag, Costs costs) {
        costs.binSearched(size);
        for (Entry e = head; e != null; e = e.next[slot]) {
            costs.inspect(1);
            if (InputRules.matches(comm, source, tag, e.comm, e.source, e.tag)) {
                costs.found();
                return e;
            }
        }
        return null;
    }

    /** {@link #firstReceiveFor}'s receive (taken ones included), unlinked from this chain; null when none matches. */
    Entry takeReceiveFor(int comm, int source, int tag, Costs costs) {
        Entry r = firstReceiveFor(comm, source, tag, costs, false);
        if (r != null) remove(r);
        return r;
    }

    /** {@link #firstMessageFor}'s message, unlinked from this chain; null when none matches. */
    Entry takeMessageFor(int comm, int source, int tag, Costs costs) {
        Entry m = firstMessageFor(comm, source, tag, costs);
        if (m != null) remove(m);
        return m;
    }

    /** The older of two candidates (by sequence number); either may be null. */
    static Entry older(Entry a, Entry b) {
        if (a == null) return b;
        if (b == null) return a;
        return a.seq <= b.seq ? a : b;
    }
}

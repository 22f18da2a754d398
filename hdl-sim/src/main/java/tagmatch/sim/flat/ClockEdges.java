package tagmatch.sim.flat;

import java.util.List;

/**
 * Which clock domains have an edge, found as Verilator's evaluation finds them: after each
 * settle, a domain whose signal (inverted for a falling edge) went from 0 to 1 since the last
 * look has one. The first look only records the signals' values, as Verilator's first
 * {@code eval} does.
 */
public final class ClockEdges {
    /** Whether each domain had an edge at the last {@link #sample}. */
    public final boolean[] rising;
    /** Every domain is clocked by a top input: nothing but a poke or the main clock's edge makes an edge. */
    public final boolean inputsOnly;
    private final int[] slot;
    private final long[] falling;
    private final long[] prev;
    private boolean primed;

    public ClockEdges(List<InstanceTree.Domain> domains) {
        int n = domains.size();
        rising = new boolean[n];
        slot = new int[n];
        falling = new long[n];
        prev = new long[n];
        boolean inputs = true;
        for (int d = 0; d < n; d++) {
            slot[d] = domains.get(d).clock();
            falling[d] = domains.get(d).falling() ? 1 : 0;
            inputs &= domains.get(d).input();
        }
        inputsOnly = inputs;
    }

    /** Looks at every domain's signal in {@code values} (indexed by slot); true when any had an edge. */
    public boolean sample(long[] values) {
        boolean any = false;
        for (int d = 0; d < slot.length; d++) {
            long now = (values[slot[d]] & 1) ^ falling[d];
            rising[d] = primed && prev[d] == 0 && now != 0;
            prev[d] = now;
            any |= rising[d];
        }
        primed = true;
        return any;
    }

    /** Marks only {@code domain} as having an edge (the main clock raised directly). */
    public void only(int domain) {
        java.util.Arrays.fill(rising, false);
        rising[domain] = true;
    }
}

package tagmatch.sim.flat;

/**
 * One execution of a {@link Schedule}, over its state array {@code v} and the memories {@code m}:
 * settle the combinational logic, and for one clock domain compute the registers' and memory
 * writes' next values into their slots, then commit them. The interpreter walks the schedule's
 * expressions; the compiled backend generates a class that does the same. Computing every domain
 * that has an edge before committing any is what makes simultaneous edges behave like Verilog's
 * nonblocking assignments.
 */
public interface Kernel {
    void comb(long[] v, long[][] m);

    /** Words the kernel keeps for itself after the schedule's in the state array, zero at start. */
    default int scratchWords() {
        return 0;
    }

    /**
     * One segment of {@code comb}, needed only for a design with behavioural models: the
     * models' evaluations ({@link Schedule#evaluations}) run between segments.
     */
    default void combSegment(int segment, long[] v, long[][] m) {
        throw new UnsupportedOperationException("a design without behavioural models settles in one comb");
    }

    /**
     * Stores the values of the wires the kernel computes only where they are read, so that a
     * waveform shows them; the others' slots are always current.
     */
    default void views(long[] v, long[][] m) {}

    void compute(int domain, long[] v, long[][] m);

    void commit(int domain, long[] v, long[][] m);
}

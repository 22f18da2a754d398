package tagmatch.sim.compiled;

/**
 * What the class generated for one design does, over a state array {@code v} (see
 * {@link Netlist}) and the memories {@code m}: settle the combinational logic, and for one clock
 * domain compute the registers' and memory writes' next values, then commit them. Computing
 * every domain that has an edge before committing any is what makes simultaneous edges behave
 * like Verilog's nonblocking assignments.
 */
interface Kernel {
    void comb(long[] v, long[][] m);

    /**
     * One segment of {@code comb}, generated only for a design with behavioural models: the
     * models' evaluations ({@link Netlist#evaluations}) run between segments.
     */
    default void combSegment(int segment, long[] v, long[][] m) {
        throw new UnsupportedOperationException("a design without behavioural models settles in one comb");
    }

    void compute(int domain, long[] v, long[][] m);

    void commit(int domain, long[] v, long[][] m);
}

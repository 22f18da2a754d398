package tagmatch.model;

/**
 * MPI-4 communicator assertions {@code mpi_assert_no_any_source} and {@code mpi_assert_no_any_tag}.
 * A matcher built under a hint rejects a receive using the forbidden wildcard (never a silent
 * mismatch), and a workload generated under a hint never contains one.
 */
public record Hints(boolean noAnySource, boolean noAnyTag) {
    /** No assertion: every wildcard is allowed. */
    public static final Hints NONE = new Hints(false, false);
    /** Both assertions: no wildcard at all (what the single-hash strategy of seed 002 needs). */
    public static final Hints NO_WILDCARDS = new Hints(true, true);

    /** Parses {@code none}, {@code no-any-source}, {@code no-any-tag} or {@code no-wildcards}. */
    public static Hints parse(String text) {
        switch (text) {
            case "none": return NONE;
            case "no-any-source": return new Hints(true, false);
            case "no-any-tag": return new Hints(false, true);
            case "no-wildcards": return NO_WILDCARDS;
            default:
                throw new IllegalArgumentException("hints = '" + text
                        + "' is unknown: legal values are none, no-any-source, no-any-tag, no-wildcards");
        }
    }

    @Override
    public String toString() {
        if (noAnySource && noAnyTag) return "no-wildcards";
        if (noAnySource) return "no-any-source";
        if (noAnyTag) return "no-any-tag";
        return "none";
    }
}

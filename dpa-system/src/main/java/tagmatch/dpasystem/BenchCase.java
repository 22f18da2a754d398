package tagmatch.dpasystem;

/** The workloads of {@code otm_bench}, in the order the driver numbers them. */
public enum BenchCase {
    /** Every receive its own (source, tag); messages pick receives at random. */
    NO_CONFLICT("no conflict"),
    /** Every receive and message (0, 0): the threads of a block race for the same receives. */
    CONFLICT("conflict"),
    /** A quarter each of (s, t), (ANY, t), (s, ANY), (ANY, ANY) receives. */
    WILDCARD_MIX("wildcard mix");

    private final String label;

    BenchCase(String label) {
        this.label = label;
    }

    public String label() {
        return label;
    }
}

package tagmatch.otm;

/** The hash function the generated indexes use to pick a bin. */
public enum OtmHash {
    /** Multiplicative (Fibonacci) hashing: mixes all key bits; the default. */
    MULTIPLICATIVE("multiplicative"),
    /** Xor-fold of the key's halves: cheapest, fine for dense small ranks and tags. */
    XOR_FOLD("xor-fold");

    private final String label;

    OtmHash(String label) {
        this.label = label;
    }

    /** The name used on the command line and in generated comments. */
    public String label() {
        return label;
    }
}

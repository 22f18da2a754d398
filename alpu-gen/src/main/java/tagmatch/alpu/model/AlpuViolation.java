package tagmatch.alpu.model;

/**
 * An ALPU broke the datasheet: which rule ({@code "R1"}..{@code "R9"}, or {@code "PORTS"} for the
 * valid/ready and stability rules of the port table, {@code "STATUS"} for the status outputs,
 * {@code "RST"} for the reset pin), in which cycle, and the recent port history that led there.
 */
public final class AlpuViolation extends AssertionError {
    private static final long serialVersionUID = 1L;

    private final String rule;
    private final long cycle;
    private final String history;

    public AlpuViolation(String rule, long cycle, String what, String history) {
        super(rule + " violated at cycle " + cycle + ": " + what + "\nrecent history (oldest first):\n" + history);
        this.rule = rule;
        this.cycle = cycle;
        this.history = history;
    }

    public String rule() {
        return rule;
    }

    public long cycle() {
        return cycle;
    }

    public String history() {
        return history;
    }
}

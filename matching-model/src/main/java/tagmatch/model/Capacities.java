package tagmatch.model;

/** Queue capacities: how many posted receives and unexpected messages may be stored at once. */
public record Capacities(int posted, int unexpected) {
    public static final Capacities UNBOUNDED = new Capacities(Integer.MAX_VALUE, Integer.MAX_VALUE);

    public Capacities {
        if (posted < 1) throw new IllegalArgumentException("posted capacity must be >= 1, got " + posted);
        if (unexpected < 1) throw new IllegalArgumentException("unexpected capacity must be >= 1, got " + unexpected);
    }
}

package tagmatch.model;

/** The answer to one event: an outcome and, for {@link Outcome#MATCHED}, the partner's id (else -1). */
public record Result(Outcome outcome, long partner) {
    public static final Result POSTED = new Result(Outcome.POSTED, -1);
    public static final Result UNEXPECTED = new Result(Outcome.UNEXPECTED, -1);
    public static final Result FULL = new Result(Outcome.FULL, -1);

    public static Result matched(long partner) {
        return new Result(Outcome.MATCHED, partner);
    }
}

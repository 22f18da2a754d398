package tagmatch.process;

/**
 * How far a long step has come, told to whoever shows it: the command line draws a bar or prints
 * plain lines, a library caller may ignore it ({@link #NONE}). Domain code counts; it never draws.
 */
public interface ProgressMeter extends AutoCloseable {
    /** A meter that shows nothing. */
    ProgressMeter NONE = new ProgressMeter() {
        @Override
        public void stepBy(long n) {}

        @Override
        public void stepTo(long n) {}

        @Override
        public void note(String text) {}

        @Override
        public void close() {}
    };

    /** Starts meters: one per task of {@code total} units (tasks, designs, transfers). */
    @FunctionalInterface
    interface Factory {
        /** A factory of {@link #NONE}. */
        Factory NONE = (task, total, unit) -> ProgressMeter.NONE;

        ProgressMeter start(String task, long total, String unit);
    }

    default void step() {
        stepBy(1);
    }

    void stepBy(long n);

    void stepTo(long n);

    /** A short note shown beside the count (the item being worked on). */
    void note(String text);

    @Override
    void close();
}

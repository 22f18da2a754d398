package tagmatch.tools;

import picocli.CommandLine.Option;

/**
 * {@code --threads}: N, the messages matched at once (the firmware's threads, the block of
 * arrivals the optimistic matcher takes), one name and one description on every command (a
 * picocli mixin; a command whose N is a list describes it with {@link #WHAT}).
 */
public final class ThreadsOption {
    /** What N is, for every description of {@code --threads}. */
    public static final String WHAT = "N, messages matched at once (the firmware's threads, one block of arrivals)";
    public static final int MAX = 64;

    @Option(names = "--threads", paramLabel = "N", description = WHAT + " (1..64, default ${DEFAULT-VALUE})")
    int threads;

    public ThreadsOption() {
        this(32);
    }

    /** With {@code n} as the default. */
    public ThreadsOption(int n) {
        threads = n;
    }

    /** N, checked. */
    public int get() {
        return (int) OptionCheck.range("--threads", threads, 1, MAX);
    }
}

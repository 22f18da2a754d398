package tagmatch.tools;

import java.io.PrintStream;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongSupplier;
import me.tongfei.progressbar.ConsoleProgressBarConsumer;
import me.tongfei.progressbar.ProgressBar;
import me.tongfei.progressbar.ProgressBarBuilder;
import me.tongfei.progressbar.ProgressBarStyle;
import tagmatch.process.ProgressMeter;

/**
 * Progress of a long step, on standard error: a live bar on a terminal, and otherwise (a log
 * file, CI, a pipe) a plain line every few seconds, so that logs hold no carriage-return frames.
 * A task of one step (one synthesis, one place and route) has nothing to count: it shows the
 * time elapsed instead, a line rewritten every second on a terminal, so that a run of minutes
 * visibly lives.
 *
 * <pre>{@code
 * try (Progress p = Progress.start("synth", configs.size(), "configurations")) {
 *     for (...) { work(); p.step(); }
 * }
 * }</pre>
 */
public final class Progress implements ProgressMeter {
    /** How often the plain form prints a line. */
    static final Duration PLAIN_INTERVAL = Duration.ofSeconds(5);
    /** How often a one-step task's line is rewritten on a terminal. */
    static final Duration REWRITE_INTERVAL = Duration.ofSeconds(1);

    private final String task;
    private final String unit;
    private final long total;
    private final long unitSize;
    private final AtomicLong done = new AtomicLong();
    private final LongSupplier clock; // nanoseconds
    private final long start;
    private final ProgressBar bar;
    private final PrintStream plain;
    private final Thread ticker; // calls tick() every interval; null with a bar, or without an interval (tests tick)
    private final boolean rewrite; // a terminal line rewritten in place (a one-step task on a terminal)
    private volatile String note = "";

    private Progress(String task, long total, String unit, long unitSize, boolean terminal, PrintStream out, Duration interval,
                     LongSupplier clock) {
        this.clock = clock;
        this.start = clock.getAsLong();
        this.task = task;
        this.total = total;
        this.unit = unit;
        this.unitSize = unitSize;
        this.rewrite = terminal && total <= 1;
        if (terminal && total > 1) {
            bar = new ProgressBarBuilder().setTaskName(task).setInitialMax(total).setUnit(" " + unit, unitSize)
                    .setStyle(ProgressBarStyle.ASCII).setUpdateIntervalMillis(250)
                    .setConsumer(new ConsoleProgressBarConsumer(out)).build();
            plain = null;
            ticker = null;
        } else if (interval == null) {
            bar = null;
            plain = out;
            ticker = null;
        } else {
            bar = null;
            plain = out;
            long every = rewrite ? REWRITE_INTERVAL.toMillis() : interval.toMillis();
            ticker = new Thread(() -> {
                try {
                    while (true) {
                        Thread.sleep(every);
                        tick();
                    }
                } catch (InterruptedException e) {
                    // closed
                }
            }, "progress-" + task);
            ticker.setDaemon(true);
            ticker.start();
        }
    }

    /** What the ticker prints each interval: the line, rewritten in place on a terminal. */
    void tick() {
        if (rewrite) {
            plain.print("\r" + line() + "\033[K");
            plain.flush();
        } else {
            plain.println(line());
        }
    }

    /** Starts reporting a task of {@code total} units on standard error. */
    public static Progress start(String task, long total, String unit) {
        return new Progress(task, total, unit, 1, System.console() != null, System.err, PLAIN_INTERVAL, System::nanoTime);
    }

    /** Progress counted in bytes, shown in MB. */
    public static Progress bytes(String task, long totalBytes) {
        return new Progress(task, totalBytes, "MB", 1_000_000, System.console() != null, System.err, PLAIN_INTERVAL, System::nanoTime);
    }

    /**
     * For tests: the form of a terminal ({@code terminal}) or of a log on {@code out}, with
     * the time read from {@code clock} (nanoseconds) and no ticker: a line is printed where the
     * test calls {@link #tick}, so what it prints does not depend on the scheduler.
     */
    static Progress ticked(String task, long total, String unit, boolean terminal, PrintStream out, LongSupplier clock) {
        return new Progress(task, total, unit, 1, terminal, out, null, clock);
    }

    @Override
    public void stepBy(long n) {
        done.addAndGet(n);
        if (bar != null) {
            bar.stepBy(n);
        }
    }

    @Override
    public void stepTo(long n) {
        done.set(n);
        if (bar != null) {
            bar.stepTo(n);
        }
    }

    /** A short note shown beside the count (the item being worked on). */
    @Override
    public void note(String text) {
        note = text;
        if (bar != null) {
            bar.setExtraMessage(text);
        }
    }

    /** The plain line: count, share, elapsed time and an estimate of the time left; for one step, the time elapsed. */
    String line() {
        long d = done.get();
        long elapsed = (clock.getAsLong() - start) / 1_000_000_000L;
        StringBuilder s = new StringBuilder(task).append(": ");
        if (total <= 1) {
            s.append(d >= total ? "done in " : "running, ").append(clock(elapsed)).append(d >= total ? "" : " elapsed");
            if (!note.isEmpty()) {
                s.append(" - ").append(note);
            }
            return s.toString();
        }
        if (unitSize == 1) {
            s.append(d).append('/').append(total);
        } else {
            s.append(String.format("%.1f/%.1f", d / (double) unitSize, total / (double) unitSize));
        }
        s.append(' ').append(unit);
        if (total > 0) {
            s.append(String.format(" (%d%%)", d * 100 / total));
        }
        s.append(", ").append(clock(elapsed)).append(" elapsed");
        if (d > 0 && d < total) {
            s.append(", about ").append(clock(elapsed * (total - d) / d)).append(" left");
        }
        if (!note.isEmpty()) {
            s.append(" - ").append(note);
        }
        return s.toString();
    }

    private static String clock(long seconds) {
        return seconds >= 3600 ? String.format("%dh%02dm", seconds / 3600, seconds / 60 % 60)
                : seconds >= 60 ? String.format("%dm%02ds", seconds / 60, seconds % 60) : seconds + "s";
    }

    @Override
    public void close() {
        if (bar != null) {
            bar.close();
        } else {
            if (ticker != null) {
                ticker.interrupt();
                try {
                    ticker.join(1000);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
            plain.println((rewrite ? "\r" : "") + line() + (rewrite ? "\033[K" : ""));
        }
    }
}

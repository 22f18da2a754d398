package tagmatch.eda.sweep;

import java.util.Map;

/**
 * One thing a sweep does to a configuration. Each step calls the code of the single command it
 * stands for (never a second implementation), so a sweep figure is the figure that command
 * prints. Adding a step is one class implementing this and one entry in {@link Steps}.
 */
public interface Step {
    /** The name used in {@code --steps} and in result file names. */
    String name();

    /** True when the step runs once per seed of {@code --seeds} (a soak), false when once per configuration. */
    boolean seeded();

    /** The figures the merged report shows for this step, in order; every figure is in the JSON line. */
    java.util.List<String> headline();

    /** The versions of the external tools the step drives, for the JSON line ({@code Exec.version}, memoized). */
    Map<String, String> tools();

    /** Runs the step on one task; a failure the step can describe is an {@link Outcome} with verdict fail. */
    Outcome run(Task task, SweepSettings settings) throws Exception;

    /** TaskVerdict, every figure the step reports (sorted by name), and a one-line message. */
    record Outcome(TaskVerdict verdict, Map<String, Object> figures, String message) {
        public Outcome {
            figures = java.util.Collections.unmodifiableMap(new java.util.TreeMap<>(figures));
        }

        public static Outcome pass(Map<String, Object> figures, String message) {
            return new Outcome(TaskVerdict.PASS, figures, message);
        }

        /** The step does not apply to this configuration; {@code message} says why. */
        public static Outcome skip(Map<String, Object> figures, String message) {
            return new Outcome(TaskVerdict.SKIP, figures, message);
        }

        public static Outcome fail(Map<String, Object> figures, String message) {
            return new Outcome(TaskVerdict.FAIL, figures, message);
        }
    }
}

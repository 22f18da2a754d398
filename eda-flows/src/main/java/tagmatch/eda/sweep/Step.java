package tagmatch.eda.sweep;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import tagmatch.process.Exec;

/**
 * One thing a sweep does to a configuration. Each step calls the code of the single command it
 * stands for (never a second implementation), so a sweep figure is the figure that command
 * prints. Adding a step is one subclass, which states its facts to this constructor and
 * implements {@link #run}, and one entry in {@link Steps}.
 */
public abstract class Step {
    private final String name;
    private final boolean seeded;
    private final List<String> headline;
    private final Map<String, String> versionFlags;

    /**
     * @param name         the name used in {@code --steps} and in result file names
     * @param seeded       true when the step runs once per seed of {@code --seeds} (a soak), false when once per configuration
     * @param headline     the figures the merged report shows for this step, in order; every figure is in the JSON line
     * @param versionFlags each external tool the step drives and the flag that makes it print its version
     */
    Step(String name, boolean seeded, List<String> headline, Map<String, String> versionFlags) {
        this.name = name;
        this.seeded = seeded;
        this.headline = List.copyOf(headline);
        this.versionFlags = new LinkedHashMap<>(versionFlags);
    }

    /** The name used in {@code --steps} and in result file names. */
    public final String name() {
        return name;
    }

    /** True when the step runs once per seed of {@code --seeds} (a soak), false when once per configuration. */
    public final boolean seeded() {
        return seeded;
    }

    /** The figures the merged report shows for this step, in order; every figure is in the JSON line. */
    public final List<String> headline() {
        return headline;
    }

    /** The versions of the external tools the step drives, for the JSON line ({@code Exec.version}, memoized). */
    public final Map<String, String> tools() {
        Map<String, String> out = new LinkedHashMap<>();
        versionFlags.forEach((tool, flag) -> out.put(tool, Exec.version(tool, flag)));
        return out;
    }

    /** Runs the step on one task; a failure the step can describe is an {@link Outcome} with verdict fail. */
    public abstract Outcome run(Task task, SweepSettings settings) throws Exception;

    /** TaskVerdict, every figure the step reports (sorted by name), and a one-line message. */
    public record Outcome(TaskVerdict verdict, Map<String, Object> figures, String message) {
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

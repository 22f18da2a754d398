package tagmatch.eda.sweep;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import java.util.Map;

/**
 * One finished task, as one JSON line: the configuration, the step (and seed), the verdict,
 * every figure the step reported, a message, the run time, the tool versions, where and when it
 * ran. {@code seconds}, {@code host} and {@code finished} are the only fields that may differ
 * between two runs of the same sweep.
 *
 * @param seed the soak seed, null for a step that is not seeded
 */
@JsonPropertyOrder({"config", "variant", "cells", "block", "matchWidth", "tagWidth", "fifoDepth", "step", "seed",
        "verdict", "figures", "message", "seconds", "tools", "host", "finished"})
public record ResultLine(String config, String variant, int cells, int block, int matchWidth, int tagWidth, int fifoDepth,
                         String step, Long seed, TaskVerdict verdict, Map<String, Object> figures, String message,
                         double seconds, Map<String, String> tools, String host, String finished) {

    /** The result file's name (without {@code .json}): the task key. */
    public String key() {
        return config + "." + step + (seed == null ? "" : "-s" + seed);
    }

    /** A figure as a number, or null when the step did not report it (or it is not a number). */
    public Double number(String figure) {
        Object v = figures == null ? null : figures.get(figure);
        return v instanceof Number ? ((Number) v).doubleValue() : null;
    }
}

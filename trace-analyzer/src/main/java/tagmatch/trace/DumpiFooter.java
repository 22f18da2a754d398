package tagmatch.trace;

import java.util.Map;

/**
 * The footer of a DUMPI text file: per function, how often it was called and how often the
 * tracer ignored it; the size in bytes of each datatype id; the keyval and counter totals.
 */
public record DumpiFooter(Map<String, Long> calls, Map<String, Long> ignored, Map<Integer, Long> datatypeSizes,
                          long keyvals, long perfCounters) {}

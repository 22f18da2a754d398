package tagmatch.eda.sweep;

import java.util.Locale;
import tagmatch.alpu.AlpuConfig;

/**
 * One unit of sweep work: a step on a configuration (and, for a seeded step, one seed). Its
 * {@link #key()} names its result file, so a task is done exactly when that file says so.
 *
 * @param seed the soak seed of a {@link Step#seeded() seeded} step; 0 and unused otherwise
 */
public record Task(AlpuConfig config, Step step, long seed) {

    /** The configuration's name in file names and tables, e.g. {@code prq-16x4-m8-t4-f4}. */
    public static String configKey(AlpuConfig c) {
        String fifo = c.reqFifoDepth() == c.cmdFifoDepth() && c.cmdFifoDepth() == c.rspFifoDepth()
                ? String.valueOf(c.reqFifoDepth()) : c.reqFifoDepth() + "." + c.cmdFifoDepth() + "." + c.rspFifoDepth();
        return c.variant().name().toLowerCase(Locale.ROOT) + "-" + c.cells() + "x" + c.block() + "-m" + c.matchWidth()
                + "-t" + c.tagWidth() + "-f" + fifo;
    }

    public String configKey() {
        return configKey(config);
    }

    /** {@code prq-16x4-m8-t4-f4.synth}, or {@code ...cosim-s3} for seed 3 of a seeded step. */
    public String key() {
        return configKey() + "." + step.name() + (step.seeded() ? "-s" + seed : "");
    }
}

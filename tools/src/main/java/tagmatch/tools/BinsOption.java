package tagmatch.tools;

import picocli.CommandLine.Option;
import tagmatch.otm.OtmConfig;
import tagmatch.process.UsageError;

/** {@code --bins} of every command that builds the firmware: bins per hash index (a picocli mixin). */
public final class BinsOption {
    @Option(names = "--bins", paramLabel = "B", description = "bins per hash index of the firmware (power of two 1..65536, default ${DEFAULT-VALUE})")
    int bins = OtmConfig.defaults().bins();

    /**
     * The bin count, checked here because the firmware's configuration words its check with its
     * own name ({@code bins}) in a plain {@link IllegalArgumentException}.
     */
    public int get() {
        if (bins < 1 || bins > OtmConfig.MAX_BINS || Integer.bitCount(bins) != 1) {
            throw new UsageError("--bins must be a power of two in 1.." + OtmConfig.MAX_BINS + ", got " + bins);
        }
        return bins;
    }
}

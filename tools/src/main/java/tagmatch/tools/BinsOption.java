package tagmatch.tools;

import picocli.CommandLine.Option;
import tagmatch.otm.OtmConfig;

/** {@code --bins} of every command that builds the firmware: bins per hash index (a picocli mixin). */
public final class BinsOption {
    @Option(names = "--bins", paramLabel = "B", description = "bins per hash index of the firmware (power of two 1..65536, default ${DEFAULT-VALUE})")
    int bins = OtmConfig.defaults().bins();

    /** The bin count, checked as the firmware's configuration checks it. */
    public int get() {
        try {
            OtmConfig.defaults().withBins(bins);
        } catch (IllegalArgumentException e) {
            throw OptionCheck.asOption("--bins", e);
        }
        return bins;
    }
}

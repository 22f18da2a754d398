package tagmatch.tools;

import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import tagmatch.otm.OtmConfig;

/**
 * The firmware's tables and the MPI-4 assertions it is built for, on every command that builds
 * the firmware from them (a picocli mixin): {@code --bins}, {@code --max-recvs},
 * {@code --max-unexpected}, {@code --no-any-source} and {@code --no-any-tag}. The threads are
 * each command's own, as their default differs.
 */
public final class FirmwareOptions {
    @Mixin
    BinsOption bins = new BinsOption();

    @Mixin
    CapacityOptions capacity = new CapacityOptions();

    @Option(names = "--no-any-source", description = "MPI-4 assertion: no receive uses ANY_SOURCE")
    boolean noAnySource;

    @Option(names = "--no-any-tag", description = "MPI-4 assertion: no receive uses ANY_TAG")
    boolean noAnyTag;

    /** {@code --bins}, checked. */
    public int bins() {
        return bins.get();
    }

    /**
     * The firmware on {@code threads} threads with these tables and assertions, every option
     * checked; the rest is {@link OtmConfig#defaults}'.
     */
    public OtmConfig config(int threads) {
        // the capacities checked here because the configuration words its checks with its components' names
        int recvs = capacity.recvs(), unexpected = capacity.unexpected();
        return OtmConfig.defaults().withThreads(threads).withBins(bins.get()).withCapacities(recvs, unexpected)
                .withHints(noAnySource, noAnyTag);
    }
}

package tagmatch.tools;

import picocli.CommandLine.Option;
import tagmatch.otm.OtmConfig;

/**
 * The firmware's two table sizes, {@code --max-recvs} and {@code --max-unexpected}
 * ({@code OTM_MAX_RECVS} and {@code OTM_MAX_UNEXPECTED}, docs/otm-contract.md), on every command
 * that builds the firmware (a picocli mixin). Left out, each takes its command's default.
 */
public final class CapacityOptions {
    @Option(names = "--max-recvs", paramLabel = "R", description = "receives the firmware holds posted at once, 1..1048576 "
            + "(default: 1024; cosim firmware: the soak's own, with --fallback 1, 2, 4, 16 and 64 in turn)")
    Integer maxRecvs;

    @Option(names = "--max-unexpected", paramLabel = "U", description = "unexpected messages the firmware stores at once, 1..1048576 "
            + "(default: 1024; cosim firmware: as --max-recvs)")
    Integer maxUnexpected;

    /** {@code --max-recvs}, checked, or the firmware's default ({@link OtmConfig#defaults}) when it is left out. */
    public int recvs() {
        return recvs(OtmConfig.defaults().maxRecvs());
    }

    /** {@code --max-unexpected}, checked, or the firmware's default when it is left out. */
    public int unexpected() {
        return unexpected(OtmConfig.defaults().maxUnexpected());
    }

    /** {@code --max-recvs}, checked, or {@code otherwise} when it is left out. */
    public int recvs(int otherwise) {
        return maxRecvs == null ? otherwise : (int) OptionCheck.range("--max-recvs", maxRecvs, 1, OtmConfig.MAX_ENTRIES);
    }

    /** {@code --max-unexpected}, checked, or {@code otherwise} when it is left out. */
    public int unexpected(int otherwise) {
        return maxUnexpected == null ? otherwise : (int) OptionCheck.range("--max-unexpected", maxUnexpected, 1, OtmConfig.MAX_ENTRIES);
    }
}

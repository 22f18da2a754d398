package tagmatch.tools;

import picocli.CommandLine.Option;
import tagmatch.model.offload.PrefetchSettings;

/**
 * Seed 003 §5.3's prefetch decision, its memory pool and history ({@link PrefetchSettings}), on
 * every command that runs it (a picocli mixin). The paper gives none of the values.
 */
public final class PrefetchOptions {
    @Option(names = "--pool-slots", paramLabel = "N", description = "prefetch: slots of the memory pool, 0..1048576 (default ${DEFAULT-VALUE}; a guess)")
    int poolSlots = PrefetchSettings.defaults().poolSlots();

    @Option(names = "--slot-bytes", paramLabel = "BYTES", description = "prefetch: bytes per slot, 1..1073741824 (default ${DEFAULT-VALUE}; a guess)")
    long slotBytes = PrefetchSettings.defaults().slotBytes();

    @Option(names = "--history", paramLabel = "N", description = "prefetch: outcomes the decision remembers, 1..1048576 (default ${DEFAULT-VALUE}; a guess)")
    int history = PrefetchSettings.defaults().historyLength();

    @Option(names = "--useful-share", paramLabel = "F", description = "prefetch: share of remembered prefetches that must have been useful, 0..1 "
            + "(default ${DEFAULT-VALUE}; a guess)")
    double usefulShare = PrefetchSettings.defaults().minUsefulShare();

    /** The settings, each option checked against its range. */
    public PrefetchSettings settings() {
        OptionCheck.range("--pool-slots", poolSlots, 0, 1 << 20);
        OptionCheck.range("--slot-bytes", slotBytes, 1, 1 << 30);
        OptionCheck.range("--history", history, 1, 1 << 20);
        OptionCheck.share("--useful-share", usefulShare);
        return new PrefetchSettings(poolSlots, slotBytes, history, usefulShare);
    }
}

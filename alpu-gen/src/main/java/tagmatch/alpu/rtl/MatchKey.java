package tagmatch.alpu.rtl;

import tagmatch.alpu.AlpuConfig;
import tagmatch.alpu.Variant;
import tagmatch.hdl.core.Bundle;
import tagmatch.hdl.core.UInt;

/** A match request as the request FIFO holds it: the key and, on UMQ, its wildcard bits. */
public final class MatchKey extends Bundle {
    public final UInt match;
    public final UInt mask;

    public MatchKey(AlpuConfig cfg) {
        match = field("match", new UInt(cfg.matchWidth()));
        mask = optional(cfg.variant() == Variant.UMQ, "mask", () -> new UInt(cfg.matchWidth()));
    }
}

package tagmatch.alpu.rtl;

import tagmatch.alpu.AlpuConfig;
import tagmatch.alpu.Variant;
import tagmatch.alpu.model.Op;
import tagmatch.hdl.core.Bundle;
import tagmatch.hdl.core.HwEnum;
import tagmatch.hdl.core.UInt;

import static tagmatch.hdl.core.Hdl.Enum;

/** A command as the command FIFO holds it: the operation and, for INSERT, the new entry. */
public final class CommandWord extends Bundle {
    public final HwEnum<Op> op = field("op", Enum(Op.class));
    public final UInt match;
    public final UInt mask;
    public final UInt tag;

    public CommandWord(AlpuConfig cfg) {
        match = field("match", new UInt(cfg.matchWidth()));
        mask = optional(cfg.variant() == Variant.PRQ, "mask", () -> new UInt(cfg.matchWidth()));
        tag = field("tag", new UInt(cfg.tagWidth()));
    }
}

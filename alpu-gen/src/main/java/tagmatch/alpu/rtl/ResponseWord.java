package tagmatch.alpu.rtl;

import tagmatch.alpu.AlpuConfig;
import tagmatch.alpu.model.Kind;
import tagmatch.hdl.core.Bundle;
import tagmatch.hdl.core.HwEnum;
import tagmatch.hdl.core.UInt;

import static tagmatch.hdl.core.Hdl.Enum;

/** A response as the response FIFO holds it: its kind, the matched tag, the free cells. */
public final class ResponseWord extends Bundle {
    public final HwEnum<Kind> kind = field("kind", Enum(Kind.class));
    public final UInt tag;
    public final UInt free;

    public ResponseWord(AlpuConfig cfg) {
        tag = field("tag", new UInt(cfg.tagWidth()));
        free = field("free", new UInt(cfg.cntWidth()));
    }
}

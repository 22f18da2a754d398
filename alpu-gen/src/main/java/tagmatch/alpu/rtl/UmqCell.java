package tagmatch.alpu.rtl;

import tagmatch.alpu.Variant;
import tagmatch.hdl.core.Bool;
import tagmatch.hdl.core.Module;
import tagmatch.hdl.core.UInt;

import static tagmatch.hdl.core.Hdl.*;

/**
 * One unexpected-message-queue cell (seed 001 figure 2b): like {@link PrqCell} but the mask is
 * an input ({@code key_mask}, the wildcards of the receive being posted) rather than storage,
 * so the cell holds only valid, match bits and tag.
 */
public final class UmqCell extends Module {
    public final CellPorts io;

    public UmqCell(int matchWidth, int tagWidth) {
        param("match_w", matchWidth);
        param("tag_w", tagWidth);
        io = ports(new CellPorts(Variant.UMQ, matchWidth, tagWidth));

        Bool v = regInit(Bool(), 0).named("v");
        UInt m = reg(UInt(matchWidth)).named("m");
        UInt t = reg(UInt(tagWidth)).named("t");
        when(io.clear, () -> v.set(0)).elseWhen(io.en, () -> v.set(io.inValid));
        when(io.en, () -> {
            m.set(io.inMatch);
            t.set(io.inTag);
        });
        io.valid.set(v);
        io.match.set(m);
        io.tag.set(t);
        // Per bit: stored bit equals key bit, or the bit is a wildcard; ANDed on carry chains, then with valid.
        io.hit.set(CarryAnd.chains(v, wireOf("bit_ok", m.xor(io.key).and(io.keyMask.not()).not())));
    }
}

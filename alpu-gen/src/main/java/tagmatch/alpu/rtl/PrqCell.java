package tagmatch.alpu.rtl;

import tagmatch.alpu.Variant;
import tagmatch.hdl.core.Bool;
import tagmatch.hdl.core.Module;
import tagmatch.hdl.core.UInt;

import static tagmatch.hdl.core.Hdl.*;

/**
 * One posted-receive-queue cell (seed 001 figure 2a): stores valid, match bits, mask bits
 * (1 = don't care) and tag. With {@code en} it takes its younger neighbour's contents
 * ({@code in_*}); {@code clear} empties it. {@code hit} is valid AND the masked compare with the
 * block's registered key. Only {@code valid} has a reset: the data bits are meaningless while
 * the cell is empty, so they are plain clock-enabled flip-flops.
 */
public final class PrqCell extends Module {
    public final CellPorts io;

    public PrqCell(int matchWidth, int tagWidth) {
        param("match_w", matchWidth);
        param("tag_w", tagWidth);
        io = ports(new CellPorts(Variant.PRQ, matchWidth, tagWidth));

        Bool v = regInit(Bool(), 0).named("v");
        UInt m = reg(UInt(matchWidth)).named("m");
        UInt k = reg(UInt(matchWidth)).named("k");
        UInt t = reg(UInt(tagWidth)).named("t");
        when(io.clear, () -> v.set(0)).elseWhen(io.en, () -> v.set(io.inValid));
        when(io.en, () -> {
            m.set(io.inMatch);
            k.set(io.inMask);
            t.set(io.inTag);
        });
        io.valid.set(v);
        io.match.set(m);
        io.mask.set(k);
        io.tag.set(t);
        // Per bit: stored bit equals key bit, or the bit is a wildcard; ANDed on carry chains, then with valid.
        io.hit.set(CarryAnd.chains(v, wireOf("bit_ok", m.xor(io.key).and(k.not()).not())));
    }
}

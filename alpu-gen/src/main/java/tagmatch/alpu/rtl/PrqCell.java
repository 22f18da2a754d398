package tagmatch.alpu.rtl;

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
    public final Bool en;
    public final Bool clear;
    public final Bool inValid;
    public final UInt inMatch;
    public final UInt inMask;
    public final UInt inTag;
    public final UInt key;
    public final Bool valid;
    public final UInt match;
    public final UInt mask;
    public final UInt tag;
    public final Bool hit;

    public PrqCell(int matchWidth, int tagWidth) {
        param("match_w", matchWidth);
        param("tag_w", tagWidth);
        en = input("en", Bool());
        clear = input("clear", Bool());
        inValid = input("in_valid", Bool());
        inMatch = input("in_match", UInt(matchWidth));
        inMask = input("in_mask", UInt(matchWidth));
        inTag = input("in_tag", UInt(tagWidth));
        key = input("key", UInt(matchWidth));
        valid = output("valid", Bool());
        match = output("match", UInt(matchWidth));
        mask = output("mask", UInt(matchWidth));
        tag = output("tag", UInt(tagWidth));
        hit = output("hit", Bool());

        Bool v = regInit(Bool(), 0).named("v");
        UInt m = reg(UInt(matchWidth)).named("m");
        UInt k = reg(UInt(matchWidth)).named("k");
        UInt t = reg(UInt(tagWidth)).named("t");
        when(clear, () -> v.set(0)).elseWhen(en, () -> v.set(inValid));
        when(en, () -> {
            m.set(inMatch);
            k.set(inMask);
            t.set(inTag);
        });
        valid.set(v);
        match.set(m);
        mask.set(k);
        tag.set(t);
        // Per bit: stored bit equals key bit, or the bit is a wildcard; ANDed on carry chains, then with valid.
        hit.set(CarryAnd.chains(v, wireOf("bit_ok", m.xor(key).and(k.not()).not())));
    }

    CellPorts ports() {
        return new CellPorts(en, clear, inValid, inMatch, inMask, inTag, key, null, valid, match, mask, tag, hit);
    }
}

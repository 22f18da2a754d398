package tagmatch.alpu.rtl;

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
    public final Bool en;
    public final Bool clear;
    public final Bool inValid;
    public final UInt inMatch;
    public final UInt inTag;
    public final UInt key;
    public final UInt keyMask;
    public final Bool valid;
    public final UInt match;
    public final UInt tag;
    public final Bool hit;

    public UmqCell(int matchWidth, int tagWidth) {
        param("match_w", matchWidth);
        param("tag_w", tagWidth);
        en = input("en", Bool());
        clear = input("clear", Bool());
        inValid = input("in_valid", Bool());
        inMatch = input("in_match", UInt(matchWidth));
        inTag = input("in_tag", UInt(tagWidth));
        key = input("key", UInt(matchWidth));
        keyMask = input("key_mask", UInt(matchWidth));
        valid = output("valid", Bool());
        match = output("match", UInt(matchWidth));
        tag = output("tag", UInt(tagWidth));
        hit = output("hit", Bool());

        Bool v = regInit(Bool(), 0).named("v");
        UInt m = reg(UInt(matchWidth)).named("m");
        UInt t = reg(UInt(tagWidth)).named("t");
        when(clear, () -> v.set(0)).elseWhen(en, () -> v.set(inValid));
        when(en, () -> {
            m.set(inMatch);
            t.set(inTag);
        });
        valid.set(v);
        match.set(m);
        tag.set(t);
        // Per bit: stored bit equals key bit, or the bit is a wildcard; ANDed on carry chains, then with valid.
        hit.set(CarryAnd.chains(v, wireOf("bit_ok", m.xor(key).and(keyMask.not()).not())));
    }

    CellPorts ports() {
        return new CellPorts(en, clear, inValid, inMatch, null, inTag, key, keyMask, valid, match, null, tag, hit);
    }
}

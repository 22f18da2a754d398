package tagmatch.alpu.rtl;

import tagmatch.alpu.Variant;
import tagmatch.hdl.core.Bool;
import tagmatch.hdl.core.Bundle;
import tagmatch.hdl.core.UInt;

/**
 * The ports of one matching cell, whatever its variant, so that {@link CellBlock} chains PRQ and
 * UMQ cells alike (outputs flipped). {@code inMask}/{@code mask} exist only in a PRQ cell (stored
 * mask), {@code keyMask} only in a UMQ cell (mask given with the request); the others are null.
 */
public final class CellPorts extends Bundle {
    public final Bool en = field("en", new Bool());
    public final Bool clear = field("clear", new Bool());
    public final Bool inValid = field("in_valid", new Bool());
    public final UInt inMatch;
    public final UInt inMask;
    public final UInt inTag;
    public final UInt key;
    public final UInt keyMask;
    public final Bool valid;
    public final UInt match;
    public final UInt mask;
    public final UInt tag;
    public final Bool hit;

    public CellPorts(Variant variant, int matchWidth, int tagWidth) {
        boolean prq = variant == Variant.PRQ;
        inMatch = field("in_match", new UInt(matchWidth));
        inMask = optional(prq, "in_mask", () -> new UInt(matchWidth));
        inTag = field("in_tag", new UInt(tagWidth));
        key = field("key", new UInt(matchWidth));
        keyMask = optional(!prq, "key_mask", () -> new UInt(matchWidth));
        valid = flipped("valid", new Bool());
        match = flipped("match", new UInt(matchWidth));
        mask = prq ? flipped("mask", new UInt(matchWidth)) : null;
        tag = flipped("tag", new UInt(tagWidth));
        hit = flipped("hit", new Bool());
    }
}

package tagmatch.alpu.rtl;

import tagmatch.hdl.core.Bool;
import tagmatch.hdl.core.UInt;

/**
 * The ports of one matching cell, whatever its variant, so that {@link CellBlock} can chain PRQ
 * and UMQ cells alike. {@code inMask}/{@code mask} exist only in a PRQ cell (stored mask),
 * {@code keyMask} only in a UMQ cell (mask given with the request); the others are null.
 */
record CellPorts(Bool en, Bool clear, Bool inValid, UInt inMatch, UInt inMask, UInt inTag,
                 UInt key, UInt keyMask,
                 Bool valid, UInt match, UInt mask, UInt tag, Bool hit) {
}

package tagmatch.dpa;

import tagmatch.hdl.core.Bool;
import tagmatch.hdl.core.Bundle;
import tagmatch.hdl.core.UInt;

import static tagmatch.hdl.core.Hdl.Bool;
import static tagmatch.hdl.core.Hdl.UInt;

/**
 * A core's instruction fetch: the RAM word it reads (and whether it reads one this cycle), the
 * word and the next one's low halfword back (for an instruction that straddles them), and the
 * cycles the fetch costs over the pipeline (an instruction cache miss's).
 */
public final class FetchPort extends Bundle {
    public final UInt word;
    public final Bool valid = field("valid", Bool());
    public final UInt lo = flipped("lo", UInt(64));
    public final UInt hi = flipped("hi", UInt(16));
    public final UInt wait = flipped("wait", UInt(MemResponse.WAIT_BITS));

    public FetchPort(int wordBits) {
        word = field("word", UInt(wordBits));
    }
}

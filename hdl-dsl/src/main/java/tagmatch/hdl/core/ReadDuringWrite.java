package tagmatch.hdl.core;

/**
 * What a synchronous read ({@link Mem#readSync(UInt, Bool, ReadDuringWrite)}) returns when, at
 * the same clock edge, a write of the same memory hits the address being read.
 */
public enum ReadDuringWrite {
    /** The word as it was before the edge (read-first): what block RAMs do natively. */
    OLD,
    /**
     * The word as the edge leaves it (write-first, transparent): the written lanes of the last
     * write to that address, the old word elsewhere. Costs a comparator and a multiplexer beside
     * the RAM.
     */
    NEW,
    /**
     * The design promises not to rely on it. Emitted like {@link #OLD}, so both simulators return
     * the old word, but a synthesis tool or another backend may give either.
     */
    UNDEFINED
}

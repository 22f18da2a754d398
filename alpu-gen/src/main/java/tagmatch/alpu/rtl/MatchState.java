package tagmatch.alpu.rtl;

/**
 * The match engine's states (seed 001 figure 3 and the stages of section V-D), one at a time:
 * one match is in flight at most. {@code IDLE} reads commands and launches the next request; a
 * launched match walks through the register stages the configuration has ({@link
 * AlpuControl#flightStates}) to {@code DELETE}, where it is answered and its entry deleted (with
 * the overlap the next request launches in that same cycle); a request that found nothing in
 * insert mode waits in {@code HOLD} (the seed's insert mode holds failures) until an INSERT or
 * the end of insert mode retries it.
 */
public enum MatchState {
    /** No match in flight: commands are read, the next request may launch. */
    IDLE,
    /** The cells compare the fanned-out key (seed stage 2). */
    COMPARE,
    /** Each block registers whether any of its cells hits (stage 3). */
    BLOCK_PRIORITY,
    /** The first half of a split between-block priority (stage 4, first cycle). */
    GROUP_PRIORITY,
    /** The priority between blocks and, beside it, each block's delete signals (stages 4 and 5). */
    GLOBAL_PRIORITY,
    /** The answer is pushed and the oldest hit deleted (stage 6). */
    DELETE,
    /** A request that failed in insert mode waits for the cells to change (datasheet rule 4). */
    HOLD
}

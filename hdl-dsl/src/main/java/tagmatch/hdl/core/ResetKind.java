package tagmatch.hdl.core;

/**
 * How a {@link ClockDomain}'s reset acts: synchronous (sampled at the clock edge) or
 * asynchronous (takes effect at once, whatever the clock does), active high or active low.
 */
public enum ResetKind {
    SYNC_HIGH(false, false),
    SYNC_LOW(false, true),
    ASYNC_HIGH(true, false),
    ASYNC_LOW(true, true);

    /** Whether the reset acts without waiting for the clock: {@code always @(posedge clk or ...)}. */
    public final boolean async;
    /** Whether the reset is asserted when its signal is 0 ({@code rst_n}). */
    public final boolean activeLow;

    ResetKind(boolean async, boolean activeLow) {
        this.async = async;
        this.activeLow = activeLow;
    }
}

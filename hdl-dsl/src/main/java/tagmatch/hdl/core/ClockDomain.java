package tagmatch.hdl.core;

import tagmatch.hdl.ir.Expr;
import tagmatch.hdl.ir.HdlException;
import tagmatch.hdl.ir.PrimOp;

import java.util.List;

/**
 * A clock, a reset and how the reset acts: the registers and memories described inside
 * {@link #run} (or {@link Hdl#withDomain}) belong to it. Outside any domain a module uses its
 * implicit {@code clk} and synchronous active-high {@code rst}.
 *
 * <pre>{@code
 * Bool wclk = input("wclk", Bool());
 * Bool wrstN = input("wrst_n", Bool());
 * ClockDomain write = domain(wclk, wrstN, ResetKind.ASYNC_LOW);
 * write.run(() -> count = regInit(UInt(4), 0));   // always @(posedge wclk or negedge wrst_n)
 * }</pre>
 *
 * A child module instantiated inside a domain gets the domain's clock on its {@code clk} and the
 * domain's reset, as an active-high condition, on its {@code rst}; the child's own registers
 * stay synchronous unless the child declares a domain of its own from ports (as the library's
 * {@code AsyncFifo} does).
 */
public final class ClockDomain {
    final Bool clock;
    final Bool reset;
    final ResetKind kind;

    ClockDomain(Bool clock, Bool reset, ResetKind kind) {
        if (clock.signal == null)
            throw new HdlException("a clock must be a port or a wire, not " + clock.describe(), Locators.here());
        if (reset != null && kind.async && reset.signal == null)
            throw new HdlException("an asynchronous reset must be a port or a wire (it appears in the sensitivity list), not "
                    + reset.describe(), Locators.here());
        if (reset != null && kind == null)
            throw new HdlException("a domain with a reset needs its ResetKind (SYNC_HIGH, SYNC_LOW, ASYNC_HIGH, ASYNC_LOW)",
                    Locators.here());
        this.clock = clock;
        this.reset = reset;
        this.kind = kind;
    }

    public Bool clock() { return clock; }

    /** The reset signal as given (active low for the *_LOW kinds), or null for a domain without reset. */
    public Bool reset() { return reset; }

    public ResetKind resetKind() { return kind; }

    /** The reset as an active-high condition: the signal, or its inverse for an active-low reset. */
    Expr condition() {
        if (reset == null) return null;
        if (!kind.activeLow) return reset.ref();
        Expr.Op asserted = new Expr.Op(PrimOp.NOT, List.of(reset.ref()), 0, 0, Locators.here());
        if (!kind.async) asserted.name("reset");  // the synchronous condition is a wire of its own
        return asserted;
    }

    /** Describes {@code body} in this domain. */
    public void run(Runnable body) {
        Builder.Frame f = Builder.frame();
        Expr savedClock = f.clockOverride;
        Expr savedReset = f.resetOverride;
        boolean savedAsync = f.asyncReset;
        ClockDomain savedDomain = f.domain;
        f.clockOverride = clock.ref();
        f.resetOverride = reset == null ? null : condition();
        f.asyncReset = kind != null && kind.async;
        f.domain = this;
        try {
            body.run();
        } finally {
            f.clockOverride = savedClock;
            f.resetOverride = savedReset;
            f.asyncReset = savedAsync;
            f.domain = savedDomain;
        }
    }
}

package tagmatch.hdl.core;

import tagmatch.hdl.ir.Expr;
import tagmatch.hdl.ir.HdlException;
import tagmatch.hdl.ir.PrimOp;

import java.util.List;

/**
 * A clock, a reset and how the reset acts: the registers and memories described inside
 * {@link #run} (or {@link Hdl#withDomain}) belong to it. Outside any domain a module uses its
 * implicit {@code clk} and {@code rst} (synchronous, active high, unless the module chooses
 * another kind with {@code super(ResetKind...)} or inherits one from the domain it is built in).
 *
 * <pre>{@code
 * Bool wclk = input("wclk", Bool());
 * Bool wrstN = input("wrst_n", Bool());
 * ClockDomain write = domain(wclk, wrstN, ResetKind.ASYNC_LOW);
 * write.run(() -> count = regInit(UInt(4), 0));   // always @(posedge wclk or negedge wrst_n)
 * }</pre>
 *
 * A child module constructed and instantiated inside a domain inherits it, as Chisel's
 * {@code withClockAndReset} scopes do: the domain's clock drives the child's {@code clk}, and the
 * child's implicit reset is of the domain's {@link ResetKind} ({@code rst_n} for an active-low one),
 * driven by the domain's reset. A child overrides this by naming its own kind
 * ({@code super(ResetKind.SYNC_HIGH)} in its constructor) or by declaring a domain of its own
 * from ports (as the library's {@code AsyncFifo} does). {@link Hdl#currentDomain()} is the domain
 * in force, the module's implicit one outside any {@code run}.
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
        return kind.activeLow ? inverse(reset.ref(), !kind.async) : reset.ref();
    }

    /** {@code !reset}; the synchronous condition is a wire of its own, named {@code reset}. */
    static Expr inverse(Expr reset, boolean nameIt) {
        Expr.Op asserted = new Expr.Op(PrimOp.NOT, List.of(reset), 0, 0, Locators.here());
        if (nameIt) asserted.name("reset");
        return asserted;
    }

    /**
     * Describes {@code body} in this domain. Children instantiated in it inherit its clock and its
     * reset kind: their implicit reset is of the same kind and is driven by this domain's reset.
     */
    public void run(Runnable body) {
        Builder.Frame f = Builder.frame();
        f.within(clock.ref(), reset == null ? null : condition(), reset == null ? null : reset.ref(),
                reset == null ? Builder.kindOf(f.def) : kind, this, body);
    }
}

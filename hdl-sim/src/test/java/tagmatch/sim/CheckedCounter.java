package tagmatch.sim;

import tagmatch.hdl.core.Bool;
import tagmatch.hdl.core.Module;
import tagmatch.hdl.core.UInt;

import static tagmatch.hdl.core.Formal.*;
import static tagmatch.hdl.core.Hdl.*;

/**
 * A counter that wraps at {@code limit}, with its properties: the count never passes the limit,
 * it only moves when enabled, and the wrap is reachable. {@code broken} drops the wrap, so the
 * count runs past the limit: the assertion fails.
 */
public final class CheckedCounter extends Module {
    public final Bool en = input(Bool());
    public final UInt count = output(UInt(4));

    public CheckedCounter(int limit, boolean broken) {
        UInt c = regInit(UInt(4), 0);
        when(en, () -> {
            if (broken) c.set(c.add(1));
            else c.set(mux(c.eq(limit), lit(0, 4), c.add(1)));
        });
        count.set(c);
        Assert(c.le(limit), "count stays within the limit");
        when(initial().not().and(past(en).not()), () -> Assert(stable(c), "count holds while disabled"));
        Cover(c.eq(limit), "count reaches the limit");
    }
}

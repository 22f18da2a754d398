package tagmatch.hdl.lib.formal;

import tagmatch.hdl.core.Bool;
import tagmatch.hdl.core.Module;
import tagmatch.hdl.core.UInt;
import tagmatch.hdl.lib.Counter;

import static tagmatch.hdl.core.Formal.*;
import static tagmatch.hdl.core.Hdl.*;

/** {@link Counter}: counts modulo n, advances only when enabled, pulses wrap when it leaves n-1. */
public final class CounterProperties extends Module {
    public final Bool en = input(Bool());
    public final UInt value;
    public final Bool wrap;

    public CounterProperties(int n) {
        param("n", n);
        Counter dut = instance("dut", new Counter(n));
        dut.en.set(en);
        int w = dut.value.width();
        value = output(UInt(w));
        wrap = output(Bool());
        value.set(dut.value);
        wrap.set(dut.wrap);

        Assert(dut.value.lt(n), "the count stays below n");
        Assert(dut.wrap.eq(en.and(dut.value.eq(n - 1))), "wrap pulses exactly when an enabled count leaves n-1");
        UInt before = past(dut.value);
        UInt advanced = mux(before.eq(n - 1), lit(0, w), before.add(1));
        when(initial().not(), () ->
                when(past(en), () -> Assert(dut.value.eq(advanced), "an enabled count advances by one modulo n"))
                        .otherwise(() -> Assert(dut.value.eq(before), "a disabled count holds")));
        Cover(dut.wrap, "the count wraps");
    }
}

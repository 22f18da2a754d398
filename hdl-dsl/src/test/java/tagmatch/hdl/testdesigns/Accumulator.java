package tagmatch.hdl.testdesigns;

import tagmatch.hdl.core.Bool;
import tagmatch.hdl.core.Module;
import tagmatch.hdl.core.UInt;

import static tagmatch.hdl.core.Hdl.*;

/** Small designs shared by the tests: an accumulator with a child adder. */
public final class Accumulator extends Module {
    final Bool en = input(Bool());
    final UInt in = input(UInt(8));
    final UInt sum = output(UInt(16));
    final Bool big = output(Bool());

    public Accumulator() {
        param("width", 16);
        UInt acc = regInit(UInt(16), 0).named("acc");
        Adder add = instance(new Adder(16));
        add.a.set(acc);
        add.b.set(in);
        when(en, () -> acc.set(add.y));
        sum.set(acc);
        big.set(acc.gt(1000));
    }

    /** A wrapping adder. */
    public static final class Adder extends Module {
        final UInt a, b, y;

        public Adder(int w) {
            a = input(UInt(w));
            b = input(UInt(w));
            y = output(UInt(w));
            y.set(a.add(b));
        }
    }
}

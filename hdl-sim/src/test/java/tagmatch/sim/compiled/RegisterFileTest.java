package tagmatch.sim.compiled;

import static tagmatch.hdl.core.Hdl.*;

import java.math.BigInteger;
import org.junit.jupiter.api.Test;
import tagmatch.hdl.core.Bool;
import tagmatch.hdl.core.Elaborator;
import tagmatch.hdl.core.Module;
import tagmatch.hdl.core.UInt;
import tagmatch.hdl.ir.Circuit;

/**
 * The compiled backend updates registers of one enable with one test of it, and a register file
 * written at an index through one switch on the index. Two register files, one selected by its
 * enable and index only, one also by a second condition the switch must not drop, and a counter
 * with a reset beside them; any update wrongly taken or missed leaves a value the interpreter
 * does not have.
 */
class RegisterFileTest {
    private static final int N = 8;

    /** A counter with a synchronous reset; two register files written at an index. */
    static final class Files extends Module {
        Files() {
            Bool en = input("en", Bool());
            Bool clear = input("clear", Bool());
            Bool we = input("we", Bool());
            Bool we2 = input("we2", Bool());
            Bool also = input("also", Bool());
            UInt idx = input("idx", UInt(3));
            UInt d = input("d", UInt(8));
            UInt count = regInit(UInt(8), 0).named("count");
            when(clear, () -> count.set(0)).elseWhen(en, () -> count.set(count.add(1)));
            UInt a = lit(0, 8);
            UInt b = lit(0, 8);
            UInt[] ra = new UInt[N];
            UInt[] rb = new UInt[N];
            for (int k = 0; k < N; k++) {
                UInt r = reg(UInt(8)).named("a_" + k);
                when(we.and(idx.eq(k)), () -> r.set(d));
                ra[k] = r;
            }
            for (int k = 0; k < N; k++) {
                UInt r = reg(UInt(8)).named("b_" + k);
                when(we2.and(also).and(idx.eq(k)), () -> r.set(d.xor(lit(0x5a, 8))));
                rb[k] = r;
            }
            for (int k = 0; k < N; k++) {
                a = a.xor(ra[k].add(k).bits(7, 0));
                b = b.xor(rb[k].add(k).bits(7, 0));
            }
            output("count_out", UInt(8)).set(count);
            output("a_out", UInt(8)).set(a);
            output("b_out", UInt(8)).set(b);
        }
    }

    @Test
    void registersWrittenAtAnIndexAgreeWithTheInterpreter() {
        Circuit circuit = Elaborator.elaborate(Files::new);
        String[] in = {"en", "clear", "we", "we2", "also", "idx", "d"};
        AgainstInterpreter.run(circuit, true, 4000, 9, new String[] {"count_out", "a_out", "b_out"}, (r, reference, poke) -> {
            if (r.nextInt(4) == 0) {
                String p = in[r.nextInt(in.length)];
                poke.accept(p, BigInteger.valueOf(r.nextInt(1 << reference.port(p).width())));
            }
        });
    }
}

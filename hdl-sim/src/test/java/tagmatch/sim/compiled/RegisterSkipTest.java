package tagmatch.sim.compiled;

import static tagmatch.hdl.core.Hdl.*;

import java.math.BigInteger;
import org.junit.jupiter.api.Test;
import tagmatch.hdl.core.Bool;
import tagmatch.hdl.core.Elaborator;
import tagmatch.hdl.core.Mem;
import tagmatch.hdl.core.Module;
import tagmatch.hdl.core.ResetKind;
import tagmatch.hdl.core.UInt;
import tagmatch.hdl.ir.Circuit;

/**
 * The compiled backend skips a register block, at its edge, whose inputs did not change since
 * it last ran, and a commit block whose next values did not. Each way a register's inputs can
 * change must make its block run again: the reset (compared), another block's output, a
 * register of its own block written in place, a register committed through its next slot, and
 * a register with an asynchronous reset, which its reset's domain writes too (its block always
 * runs); blocks that compare other ports always run. Inputs here change rarely, so most register
 * blocks are skipped most cycles, and any missed change leaves a value that the interpreter,
 * which evaluates everything, does not have (the test fails when commit blocks are not told of
 * changed next values).
 */
class RegisterSkipTest {
    private static final int N = 24;
    private static final String[] OUT = {"bank_out", "pipe_out", "count_out", "async_out", "wide_out", "ram_out"};

    /** Mostly idle state: a bank behind an enable, a pipeline, counters, an asynchronous reset, a wide register, a memory. */
    static final class Idle extends Module {
        Idle() {
            Bool en = input("en", Bool());
            Bool go = input("go", Bool());
            UInt idx = input("idx", UInt(5));
            UInt d = input("d", UInt(12));
            Bool arstN = input("arst_n", Bool());
            UInt x = reg(UInt(12)).named("x");
            when(go, () -> x.set(d.add(1).bits(11, 0)));
            UInt bank = lit(0, 12);
            for (int k = 0; k < N; k++) {
                UInt r = reg(UInt(12)).named("bank_" + k);
                int kk = k;
                when(en.and(idx.eq(k)), () -> r.set(x.xor(lit(kk, 12))));
                bank = bank.xor(r);
            }
            UInt bankAll = bank;
            // A pipeline: each stage read at the edge by the next, so committed through its next slot.
            UInt p0 = reg(UInt(12)).named("p0");
            UInt p1 = reg(UInt(12)).named("p1");
            UInt p2 = reg(UInt(12)).named("p2");
            p0.set(bankAll);
            p1.set(p0);
            p2.set(p1.add(p0).bits(11, 0));
            UInt free = regInit(UInt(12), 0).named("free");
            free.set(free.add(1).bits(11, 0));
            UInt count = regInit(UInt(12), 0).named("count");
            when(go, () -> count.set(count.add(1).bits(11, 0)));
            UInt[] held = new UInt[1];
            withDomain(domain(clock(), arstN, ResetKind.ASYNC_LOW), () -> {
                held[0] = regInit(UInt(12), 0).named("held");
                when(go, () -> held[0].set(x));
            });
            UInt wide = reg(UInt(100)).named("wide");
            when(en, () -> wide.set(x.pad(100).shl(80).or(bankAll.pad(180)).bits(99, 0)));
            Mem<UInt> ram = mem(32, UInt(12)).named("ram");
            when(go, () -> ram.write(idx, p2));
            UInt rd = reg(UInt(12)).named("rd");
            rd.set(ram.read(idx));
            output("bank_out", UInt(12)).set(bankAll);
            output("pipe_out", UInt(12)).set(p2);
            output("count_out", UInt(12)).set(count.xor(free));
            output("async_out", UInt(12)).set(held[0]);
            output("wide_out", UInt(100)).set(wide);
            output("ram_out", UInt(12)).set(rd);
        }
    }

    @Test
    void skippedRegisterBlocksLeaveNoStaleValueAgainstTheInterpreter() {
        Circuit circuit = Elaborator.elaborate(Idle::new);
        String[] in = {"en", "go", "idx", "d", "arst_n"};
        AgainstInterpreter.run(circuit, true, 4000, 11, OUT, (r, reference, poke) -> {
            // Mostly nothing changes; now and then one input does.
            if (r.nextInt(5) == 0) {
                String p = in[r.nextInt(in.length)];
                long v = r.nextInt(1 << reference.port(p).width());
                if (p.equals("arst_n") && r.nextInt(4) != 0) {
                    v = 1;
                }
                poke.accept(p, BigInteger.valueOf(v));
            }
        });
    }
}

package tagmatch.sim;

import static tagmatch.hdl.core.Hdl.*;

import tagmatch.hdl.core.Bool;
import tagmatch.hdl.core.ClockDomain;
import tagmatch.hdl.core.Mem;
import tagmatch.hdl.core.Module;
import tagmatch.hdl.core.ResetKind;
import tagmatch.hdl.core.UInt;
import tagmatch.hdl.lib.AsyncFifo;
import tagmatch.hdl.lib.Synchronizer;

/** Designs with more than one clock and every kind of reset. */
final class ClockDomainDesigns {
    private ClockDomainDesigns() {}

    /** A register on a second clock, as the reliability report describes it: held low, it never counts. */
    static final class SecondClockCounter extends Module {
        SecondClockCounter() {
            Bool clk2 = input("clk2", Bool());
            UInt[] c = new UInt[2];
            c[0] = regInit(UInt(8), 0).named("main_count");
            c[0].set(c[0].add(1));
            withClock(clk2, () -> {
                c[1] = regInit(UInt(8), 0).named("second_count");
                c[1].set(c[1].add(1));
            });
            output("main", UInt(8)).set(c[0]);
            output("second", UInt(8)).set(c[1]);
        }
    }

    /** Counters in four domains, one per reset kind, two clocks, and a memory written on the second clock. */
    static final class FourResetKinds extends Module {
        FourResetKinds() {
            Bool clk2 = input("clk2", Bool());
            Bool r = input("r", Bool());
            Bool rn = input("r_n", Bool());
            Bool en = input("en", Bool());
            UInt d = input("d", UInt(8));
            UInt a = input("a", UInt(3));
            ResetKind[] kinds = ResetKind.values();
            UInt[] out = new UInt[kinds.length];
            for (int i = 0; i < kinds.length; i++) {
                int k = i;
                Bool clock = i % 2 == 0 ? clk2 : input("clk" + (3 + i), Bool());
                ClockDomain dom = domain(clock, kinds[i].activeLow ? rn : r, kinds[i]);
                dom.run(() -> {
                    out[k] = regInit(UInt(8), 0x40 + k).named("count_" + k);
                    when(en, () -> out[k].set(out[k].add(d)));
                });
            }
            UInt q = wire("q", UInt(8));
            withDomain(domain(clk2), () -> {
                Mem<UInt> ram = mem(8, UInt(8)).named("ram");
                when(en, () -> ram.write(a, d));
                q.set(ram.readSync(a, TRUE()));
            });
            for (int i = 0; i < kinds.length; i++) output("c" + i, UInt(8)).set(out[i]);
            output("q", UInt(8)).set(q);
        }
    }

    /** A register of each reset kind that is never assigned: it holds, and takes its reset value. */
    static final class HoldingRegisters extends Module {
        HoldingRegisters() {
            Bool clk2 = input("clk2", Bool());
            Bool r = input("r", Bool());
            Bool rn = input("r_n", Bool());
            ResetKind[] kinds = ResetKind.values();
            for (int i = 0; i < kinds.length; i++) {
                int k = i;
                UInt[] held = new UInt[1];
                domain(clk2, kinds[i].activeLow ? rn : r, kinds[i]).run(() -> held[0] = regInit(UInt(8), 0x50 + k).named("held_" + k));
                output("h" + i, UInt(8)).set(held[0]);
            }
        }
    }

    /** A flag brought into clk's domain through two flip-flops. */
    static final class SyncFlag extends Module {
        SyncFlag() {
            Synchronizer s = instance(new Synchronizer(1));
            s.in.set(input("flag", UInt(1)));
            output("seen", UInt(1)).set(s.out);
        }
    }

    /** The asynchronous FIFO with its two clocks and resets as ports. */
    static AsyncFifo<UInt> asyncFifo() {
        return new AsyncFifo<>(8, UInt(8));
    }
}

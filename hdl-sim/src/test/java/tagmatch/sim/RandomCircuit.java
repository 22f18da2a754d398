package tagmatch.sim;

import static tagmatch.hdl.core.Hdl.*;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import tagmatch.hdl.core.Bits;
import tagmatch.hdl.core.Bool;
import tagmatch.hdl.core.Bundle;
import tagmatch.hdl.core.ClockDomain;
import tagmatch.hdl.core.HwEnum;
import tagmatch.hdl.core.Mem;
import tagmatch.hdl.core.Module;
import tagmatch.hdl.core.ReadDuringWrite;
import tagmatch.hdl.core.ResetKind;
import tagmatch.hdl.core.SInt;
import tagmatch.hdl.core.UInt;
import tagmatch.hdl.core.Vec;

/**
 * A random small circuit drawn from a seed, over every construct the DSL emits: unsigned,
 * signed and Bool values of 1 to 130 bits through every operator, mux, when/elseWhen/otherwise,
 * switch, registers with and without reset, a memory (any depth from 1, initial contents or
 * none, whole-word or lane-masked writes, one or two write ports, combinational and registered
 * reads, old or new data on a read during a write), a ROM, an enum state machine, a bundle and
 * a Vec register with dynamic indexing, and (when asked) registers and a memory clocked by a
 * second clock input {@code clk2} or by a clock divided from it, registers on {@code clk2} with
 * a synchronous active-low reset, an asynchronous reset active high ({@code arst}), active low
 * ({@code arst_n}) or driven by a register of the main clock. The same seed always builds the
 * same circuit.
 */
final class RandomCircuit extends Module {
    private static final int[] WIDTHS = {1, 2, 3, 5, 7, 8, 13, 16, 31, 32, 33, 47, 63, 64, 65, 80, 100, 127, 128, 129, 130};
    private static final int MAX = 130;

    enum Mode { IDLE, RUN, WAIT, DONE, HALT }

    static final class Pair extends Bundle {
        final UInt a = field("a", UInt(5));
        final SInt b = field("b", SInt(9));
    }

    private final Random r;
    private final List<Bits> pool = new ArrayList<>();
    /** The circuit's inputs and outputs, in declaration order, for a batch to wire through. */
    final List<Bits> inputs = new ArrayList<>();
    final List<Bits> outputs = new ArrayList<>();
    /** The second clock input and the resets of its domains (active high, active low), or null. */
    final Bool clk2;
    final Bool arst;
    final Bool arstN;

    RandomCircuit(long seed, boolean secondClock) {
        r = new Random(seed);
        param("seed", seed);
        clk2 = secondClock ? input("clk2", Bool()) : null;
        if (secondClock) {
            allowClockCrossings(); // values cross between the clocks at random, which is what the simulators are tested on
        }
        arst = secondClock ? input("arst", Bool()) : null;
        arstN = secondClock ? input("arst_n", Bool()) : null;
        // clk2 with the module's reset, or in a domain with a reset of its own
        List<java.util.function.Consumer<Runnable>> second = new ArrayList<>();
        if (secondClock) {
            Bool registered = regInit(Bool(), 0).named("arst_q");
            registered.set(arst);
            second.add(body -> withClock(clk2, body));
            for (ClockDomain d : List.of(domain(clk2, arstN, ResetKind.SYNC_LOW), domain(clk2, arst, ResetKind.ASYNC_HIGH),
                    domain(clk2, arstN, ResetKind.ASYNC_LOW), domain(clk2, registered, ResetKind.ASYNC_HIGH))) {
                second.add(d::run);
            }
        }
        int nIn = 3 + r.nextInt(4);
        for (int i = 0; i < nIn; i++) {
            Bits in = input("in" + i, type(width(), r.nextInt(3)));
            inputs.add(in);
            pool.add(in);
        }
        List<Runnable> later = new ArrayList<>();
        int nReg = 3 + r.nextInt(4);
        List<Bits> regs = new ArrayList<>();
        for (int i = 0; i < nReg; i++) {
            Bits type = type(width(), r.nextInt(3));
            int dom = clk2 == null ? -1 : r.nextInt(8) - 3; // -3..-1: the main clock; 0..4: a domain of clk2
            boolean reset = dom >= 2 || r.nextBoolean();
            Bits[] reg = new Bits[1];
            Runnable make = () -> reg[0] = reset ? regInit(type, r.nextInt(1 << Math.min(type.width() - (type.signed() ? 1 : 0), 12)))
                    : reg(type);
            if (dom >= 0) {
                second.get(dom).accept(make);
            } else {
                make.run();
            }
            Bits q = reg[0].named("r" + i);
            regs.add(q);
            pool.add(q);
            later.add(() -> drive(q));
        }
        int depth = new int[] {1, 2, 3, 4, 5, 6, 8, 12, 16}[r.nextInt(9)];
        int mw = width();
        boolean memSecond = clk2 != null && r.nextInt(3) == 0;
        java.util.function.Consumer<Runnable> onMemClock = body -> {
            if (memSecond) {
                withClock(clk2, body);
            } else {
                body.run();
            }
        };
        List<Mem<UInt>> made = new ArrayList<>();
        onMemClock.accept(() -> made.add(mem(depth, UInt(mw)).named("m")));
        Mem<UInt> m = made.get(0);
        if (r.nextBoolean()) {
            m.init(words(1 + r.nextInt(depth), mw));
        }
        int aw = addressWidth(depth);
        int lanes = lanes(mw);

        HwEnum<Mode> state = regInit(Enum(Mode.class, r.nextBoolean() ? HwEnum.Encoding.BINARY : HwEnum.Encoding.ONE_HOT), Mode.IDLE)
                .named("state");
        pool.add(state.asUInt());
        Pair pair = reg(new Pair()).named("pair");
        pool.add(pair.a);
        pool.add(pair.b);
        Vec<UInt> vec = reg(Vec(4, () -> UInt(7))).named("vec");
        pool.add(vec.asUInt());

        Bool divided = null;
        if (clk2 != null && r.nextBoolean()) {
            // A clock divided from clk2: registers on it see a clock edge every other clk2 edge.
            Bool[] half = new Bool[1];
            second.get(r.nextInt(4)).accept(() -> half[0] = regInit(Bool(), 0).named("clk2_half"));
            half[0].set(half[0].not());
            divided = half[0];
        }

        int nExpr = 8 + r.nextInt(10);
        for (int i = 0; i < nExpr; i++) {
            pool.add(expr());
        }
        pool.add(m.read(fit(pick(), aw, false).asUInt()));
        if (r.nextBoolean()) {
            ReadDuringWrite rdw = r.nextBoolean() ? ReadDuringWrite.OLD : ReadDuringWrite.NEW;
            UInt at = fit(pick(), aw, false).asUInt();
            Bool enable = cond();
            onMemClock.accept(() -> pool.add(m.readSync(at, enable, rdw)));
        }
        if (r.nextInt(3) == 0) {
            int romWidth = width();
            int romDepth = 1 + r.nextInt(6);
            Mem<UInt> table = rom(UInt(romWidth), words(romDepth, romWidth)).named("table");
            pool.add(table.read(fit(pick(), addressWidth(romDepth), false).asUInt()));
        }
        pool.add(vec.at(fit(pick(), 2, false).asUInt()));

        for (Runnable l : later) {
            l.run();
        }
        int writePorts = 1 + r.nextInt(2);
        for (int i = 0; i < writePorts; i++) {
            UInt at = fit(pick(), aw, false).asUInt();
            UInt data = (UInt) fit(pick(), mw, false);
            boolean masked = lanes > 1 && r.nextBoolean();
            UInt mask = fit(pick(), lanes, false).asUInt();
            when(cond(), () -> {
                if (masked) {
                    m.write(at, data, mask);
                } else {
                    m.write(at, data);
                }
            });
        }
        switchOn(state)
                .is(Mode.IDLE, () -> when(cond(), () -> state.set(Mode.RUN)))
                .is(Mode.RUN, () -> when(cond(), () -> state.set(Mode.WAIT)).elseWhen(cond(), () -> state.set(Mode.DONE)))
                .is(Mode.WAIT, () -> state.set(Mode.HALT))
                .otherwise(() -> when(cond(), () -> state.set(Mode.IDLE)));
        when(cond(), () -> {
            pair.a.set(fit(pick(), 5, false));
            pair.b.set(fit(pick(), 9, true));
        });
        when(cond(), () -> vec.at(fit(pick(), 2, false).asUInt()).set(fit(pick(), 7, false)));
        if (divided != null) {
            Bits slow = type(width(), r.nextInt(2));
            Bits[] q = new Bits[1];
            withClock(divided, () -> q[0] = reg(slow).named("slow"));
            Bits src = fit(pick(), slow.width(), slow.signed());
            when(cond(), () -> q[0].set(src));
            pool.add(q[0]);
        }

        List<Bits> outs = new ArrayList<>(regs);
        outs.add(state.asUInt());
        outs.add(pair.asUInt());
        outs.add(vec.asUInt());
        for (int i = 0; i < 6; i++) {
            outs.add(pool.get(nIn + r.nextInt(pool.size() - nIn)));
        }
        outs.add(pool.get(pool.size() - 1));
        for (int i = 0; i < outs.size(); i++) {
            Bits v = outs.get(i);
            Bits o = output("out" + i, type(v.width(), v instanceof Bool ? 2 : v.signed() ? 1 : 0));
            o.set(v);
            outputs.add(o);
        }
    }

    private int width() { return WIDTHS[r.nextInt(WIDTHS.length)]; }

    private static int addressWidth(int depth) { return Math.max(1, 32 - Integer.numberOfLeadingZeros(depth - 1)); }

    /** {@code n} random words of {@code w} bits. */
    private BigInteger[] words(int n, int w) {
        BigInteger[] out = new BigInteger[n];
        for (int i = 0; i < n; i++) {
            out[i] = new BigInteger(w, r);
        }
        return out;
    }

    /** A random number of write-mask lanes that divides {@code w} into equal lanes, 1 for none. */
    private int lanes(int w) {
        List<Integer> divisors = new ArrayList<>();
        for (int k = 2; k <= w; k++) {
            if (w % k == 0) {
                divisors.add(k);
            }
        }
        return divisors.isEmpty() ? 1 : divisors.get(r.nextInt(divisors.size()));
    }

    /** kind 0: UInt, 1: SInt, 2: Bool (width 1). */
    private static Bits type(int width, int kind) {
        return kind == 2 ? Bool() : kind == 1 ? SInt(width) : UInt(width);
    }

    private Bits pick() { return pool.get(r.nextInt(pool.size())); }

    private Bits pick(boolean signed) {
        Bits x = pick();
        return x.signed() == signed ? x : signed ? x.asSInt() : x.asUInt();
    }

    /**
     * A value of the pool other than {@code x}, of its signedness, to combine with it: {@code x - x},
     * {@code x ^ x} and {@code x < x} are constants, and a named one (every value of the pool is
     * named) stays in the Verilog, where Verilator's lint rejects an unsigned comparison it decides.
     */
    private Bits pickOther(Bits x) {
        Bits y = pick();
        for (int i = 0; i < 16 && y == x; i++) {
            y = pick();
        }
        return y.signed() == x.signed() ? y : x.signed() ? y.asSInt() : y.asUInt();
    }

    /** {@code x} as exactly {@code w} bits of the given kind: extended by its own kind, or truncated. */
    private static Bits fit(Bits x, int w, boolean signed) {
        Bits y = x;
        if (y.width() < w) {
            y = y instanceof SInt ? ((SInt) y).pad(w) : y.asUInt().pad(w);
        } else if (y.width() > w) {
            y = y.asUInt().bits(w - 1, 0);
        }
        return signed ? (y instanceof SInt ? y : y.asSInt()) : y.asUInt();
    }

    private Bool cond() {
        Bits x = pick();
        switch (r.nextInt(4)) {
            case 0: return x.orR();
            case 1: return x.bit(r.nextInt(x.width()));
            case 2: return x.xorR();
            default: {
                Bits y = pickOther(x);
                return r.nextBoolean() ? x.lt(y) : x.eq(y);
            }
        }
    }

    private void drive(Bits q) {
        Runnable body;
        switch (r.nextInt(3)) {
            case 0: {
                Bits a = fit(pick(), q.width(), q.signed());
                Bits b = fit(pick(), q.width(), q.signed());
                Bits c = fit(pick(), q.width(), q.signed());
                Bool c1 = cond();
                Bool c2 = cond();
                body = () -> when(c1, () -> q.set(a)).elseWhen(c2, () -> q.set(b)).otherwise(() -> q.set(c));
                break;
            }
            case 1: {
                UInt sel = fit(pick(), 2, false).asUInt();
                Bits a = fit(pick(), q.width(), q.signed());
                Bits b = fit(pick(), q.width(), q.signed());
                body = () -> switchOn(sel).is(0, () -> q.set(a)).is(2, () -> q.set(b));
                break;
            }
            default: {
                Bits a = fit(pick(), q.width(), q.signed());
                body = () -> q.set(a);
                break;
            }
        }
        body.run();
    }

    /** One random operation on values of the pool; the result is at most {@value #MAX} bits. */
    private Bits expr() {
        Bits x = pick();
        boolean s = x.signed();
        Bits v;
        switch (r.nextInt(16)) {
            case 0: v = s ? ((SInt) x).add((SInt) pickOther(x)) : x.asUInt().add(pickOther(x).asUInt()); break;
            case 1: v = s ? ((SInt) x).subExpand((SInt) pickOther(x)) : x.asUInt().addExpand(pickOther(x).asUInt()); break;
            case 2: v = s ? ((SInt) x).sub((SInt) pickOther(x)) : x.asUInt().subExpand(pickOther(x).asUInt()); break;
            case 3: {
                Bits y = pick(s);
                v = x.width() + y.width() > 140 ? x : s ? ((SInt) x).mul((SInt) y) : x.asUInt().mul(y.asUInt());
                break;
            }
            case 4: {
                Bits y = pickOther(x);
                int k = r.nextInt(3);
                v = s ? (k == 0 ? ((SInt) x).and((SInt) y) : k == 1 ? ((SInt) x).or((SInt) y) : ((SInt) x).xor((SInt) y))
                        : (k == 0 ? x.asUInt().and(y.asUInt()) : k == 1 ? x.asUInt().or(y.asUInt()) : x.asUInt().xor(y.asUInt()));
                break;
            }
            case 5: v = s ? ((SInt) x).not() : x.asUInt().not(); break;
            case 6: {
                Bits y = pickOther(x);
                switch (r.nextInt(6)) {
                    case 0: v = x.eq(y); break;
                    case 1: v = x.ne(y); break;
                    case 2: v = x.lt(y); break;
                    case 3: v = x.le(y); break;
                    case 4: v = x.gt(y); break;
                    default: v = x.ge(y); break;
                }
                break;
            }
            case 7: v = r.nextInt(3) == 0 ? x.andR() : r.nextBoolean() ? x.orR() : x.xorR(); break;
            case 8: {
                int n = r.nextInt(9);
                v = s ? ((SInt) x).shl(n) : x.asUInt().shl(n);
                break;
            }
            case 9: {
                // Unsigned shifts by the width or more fold to a constant 0, and a comparison with
                // a constant is a Verilator lint error: those stay below the width.
                int n = r.nextInt(s ? x.width() + 3 : x.width());
                v = s ? ((SInt) x).shr(n) : x.asUInt().shr(n);
                break;
            }
            case 10: {
                UInt amount = fit(pick(), 1 + r.nextInt(4), false).asUInt();
                v = r.nextBoolean() ? x.asUInt().shl(amount) : x.asUInt().shr(amount);
                break;
            }
            case 11: {
                Bits y = pick();
                v = x.width() + y.width() > MAX ? cat(x, y.asUInt().bit(0)) : r.nextBoolean() ? cat(x, y) : cat(y, x.bit(0), x);
                break;
            }
            case 12: {
                int lo = r.nextInt(x.width());
                int hi = lo + r.nextInt(x.width() - lo);
                v = x.bits(hi, lo);
                break;
            }
            case 13: v = s ? ((SInt) x).pad(width()) : x.asUInt().pad(width()); break;
            case 14: v = s ? x.asUInt() : x.asSInt(); break;
            default: {
                Bits y = pick(s);
                Bool c = cond();
                v = x instanceof Bool && y instanceof Bool ? mux(c, (Bool) x, (Bool) y) : s ? mux(c, (SInt) x, (SInt) y)
                        : mux(c, x.asUInt(), y.asUInt());
                break;
            }
        }
        if (v.width() > MAX) {
            v = fit(v, MAX, v.signed());
        }
        return v;
    }
}

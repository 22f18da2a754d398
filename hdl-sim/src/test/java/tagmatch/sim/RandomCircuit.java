package tagmatch.sim;

import static tagmatch.hdl.core.Hdl.*;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import tagmatch.hdl.core.Bits;
import tagmatch.hdl.core.Bool;
import tagmatch.hdl.core.Bundle;
import tagmatch.hdl.core.HwEnum;
import tagmatch.hdl.core.Mem;
import tagmatch.hdl.core.Module;
import tagmatch.hdl.core.SInt;
import tagmatch.hdl.core.UInt;
import tagmatch.hdl.core.Vec;

/**
 * A random small circuit drawn from a seed, over every construct the DSL emits: unsigned,
 * signed and Bool values of 1 to 130 bits through every operator, mux, when/elseWhen/otherwise,
 * switch, registers with and without reset, a memory, an enum state machine, a bundle and a
 * Vec register with dynamic indexing, and (when asked) registers and a memory clocked by a
 * second clock input {@code clk2} or by a clock divided from it. The same seed always builds
 * the same circuit.
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
    /** The second clock input, or null. */
    final Bool clk2;

    RandomCircuit(long seed, boolean secondClock) {
        r = new Random(seed);
        param("seed", seed);
        clk2 = secondClock ? input("clk2", Bool()) : null;
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
            boolean second = clk2 != null && r.nextInt(3) == 0;
            Bits[] reg = new Bits[1];
            Runnable make = () -> reg[0] = r.nextBoolean() ? reg(type) : regInit(type, r.nextInt(1 << Math.min(type.width() - (type.signed() ? 1 : 0), 12)));
            if (second) {
                withClock(clk2, make);
            } else {
                make.run();
            }
            Bits q = reg[0].named("r" + i);
            regs.add(q);
            pool.add(q);
            later.add(() -> drive(q, second));
        }
        Mem<UInt> m = null;
        int depth = new int[] {2, 4, 8, 16}[r.nextInt(4)];
        int mw = width();
        boolean memSecond = clk2 != null && r.nextInt(3) == 0;
        Mem<?>[] made = new Mem<?>[1];
        Runnable makeMem = () -> made[0] = mem(depth, UInt(mw)).named("m");
        if (memSecond) {
            withClock(clk2, makeMem);
        } else {
            makeMem.run();
        }
        @SuppressWarnings("unchecked")
        Mem<UInt> mem = (Mem<UInt>) made[0];
        m = mem;
        int aw = 32 - Integer.numberOfLeadingZeros(Math.max(1, depth - 1));

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
            withClock(clk2, () -> half[0] = regInit(Bool(), 0).named("clk2_half"));
            half[0].set(half[0].not());
            divided = half[0];
        }

        int nExpr = 8 + r.nextInt(10);
        for (int i = 0; i < nExpr; i++) {
            pool.add(expr());
        }
        pool.add(m.read(fit(pick(), aw, false).asUInt()));
        pool.add(vec.at(fit(pick(), 2, false).asUInt()));

        for (Runnable l : later) {
            l.run();
        }
        Mem<UInt> fm = m;
        when(cond(), () -> fm.write(fit(pick(), aw, false).asUInt(), (UInt) fit(pick(), mw, false)));
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

    /** kind 0: UInt, 1: SInt, 2: Bool (width 1). */
    private static Bits type(int width, int kind) {
        return kind == 2 ? Bool() : kind == 1 ? SInt(width) : UInt(width);
    }

    private Bits pick() { return pool.get(r.nextInt(pool.size())); }

    private Bits pick(boolean signed) {
        Bits x = pick();
        return x.signed() == signed ? x : signed ? x.asSInt() : x.asUInt();
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
                Bits y = pick(x.signed());
                return r.nextBoolean() ? x.lt(y) : x.eq(y);
            }
        }
    }

    private void drive(Bits q, boolean second) {
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
            case 0: v = s ? ((SInt) x).add((SInt) pick(true)) : x.asUInt().add(pick(false).asUInt()); break;
            case 1: v = s ? ((SInt) x).subExpand((SInt) pick(true)) : x.asUInt().addExpand(pick(false).asUInt()); break;
            case 2: v = s ? ((SInt) x).sub((SInt) pick(true)) : x.asUInt().subExpand(pick(false).asUInt()); break;
            case 3: {
                Bits y = pick(s);
                v = x.width() + y.width() > 140 ? x : s ? ((SInt) x).mul((SInt) y) : x.asUInt().mul(y.asUInt());
                break;
            }
            case 4: {
                Bits y = pick(s);
                int k = r.nextInt(3);
                v = s ? (k == 0 ? ((SInt) x).and((SInt) y) : k == 1 ? ((SInt) x).or((SInt) y) : ((SInt) x).xor((SInt) y))
                        : (k == 0 ? x.asUInt().and(y.asUInt()) : k == 1 ? x.asUInt().or(y.asUInt()) : x.asUInt().xor(y.asUInt()));
                break;
            }
            case 5: v = s ? ((SInt) x).not() : x.asUInt().not(); break;
            case 6: {
                Bits y = pick(s);
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

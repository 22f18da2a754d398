package tagmatch.sim;

import static tagmatch.hdl.core.Hdl.*;

import tagmatch.hdl.core.Bool;
import tagmatch.hdl.core.Mem;
import tagmatch.hdl.core.Module;
import tagmatch.hdl.core.SInt;
import tagmatch.hdl.core.UInt;

/**
 * Every primitive operator on narrow, signed and wide (>64-bit) operands, plus registers with
 * and without reset, a when/otherwise chain, a switch, a memory and a child instance: the
 * differential test's check that both backends agree on what each IR construct means.
 */
final class OpsDesign extends Module {
    final UInt a = input(UInt(16));
    final UInt b = input(UInt(16));
    final UInt sh = input(UInt(4));
    final SInt sa = input(SInt(12));
    final SInt sb = input(SInt(12));
    final UInt wa = input(UInt(100));
    final UInt wb = input(UInt(100));
    final UInt sel = input(UInt(2));
    final Bool we = input(Bool());

    final UInt add = output(UInt(16));
    final UInt addx = output(UInt(17));
    final UInt sub = output(UInt(16));
    final UInt mul = output(UInt(32));
    final UInt logic = output(UInt(16));
    final UInt cmp = output(UInt(6));
    final UInt red = output(UInt(3));
    final UInt shifts = output(UInt(40));
    final UInt catbits = output(UInt(24));
    final SInt sadd = output(SInt(12));
    final SInt smul = output(SInt(24));
    final SInt sshr = output(SInt(9));
    final UInt scmp = output(UInt(4));
    final SInt spad = output(SInt(20));
    final UInt wadd = output(UInt(101));
    final UInt wsub = output(UInt(100));
    final UInt wlogic = output(UInt(100));
    final UInt wcmp = output(UInt(3));
    final UInt wbits = output(UInt(40));
    final UInt wshift = output(UInt(100));
    final UInt wmul = output(UInt(116));
    final UInt choice = output(UInt(16));
    final UInt acc = output(UInt(16));
    final UInt memOut = output(UInt(16));
    final UInt wreg = output(UInt(100));
    final UInt childY = output(UInt(16));

    OpsDesign() {
        add.set(a.add(b));
        addx.set(a.addExpand(b));
        sub.set(a.sub(b));
        mul.set(a.mul(b));
        logic.set(a.and(b).or(a.xor(b).not()));
        cmp.set(cat(a.eq(b), a.ne(b), a.lt(b), a.le(b), a.gt(b), a.ge(b)));
        red.set(cat(a.andR(), a.orR(), a.xorR()));
        shifts.set(cat(a.shl(sh).truncate(16), a.shr(sh), a.shr(3).pad(8).truncate(8)));
        catbits.set(cat(a.bits(11, 4), b.bits(15, 0)));
        sadd.set(sa.add(sb));
        smul.set(sa.mul(sb));
        sshr.set(sa.shr(3));
        scmp.set(cat(sa.lt(sb), sa.le(sb), sa.gt(sb), sa.ge(sb)));
        spad.set(sa.pad(20));
        wadd.set(wa.addExpand(wb));
        wsub.set(wa.sub(wb));
        wlogic.set(wa.and(wb).xor(wa.not()));
        wcmp.set(cat(wa.lt(wb), wa.eq(wb), wa.orR()));
        wbits.set(wa.bits(99, 60));
        wshift.set(wa.shr(sh));
        wmul.set(wa.mul(a));

        UInt pick = wire(UInt(16));
        pick.set(0);
        switchOn(sel).is(0, () -> pick.set(a)).is(1, () -> pick.set(b)).is(2, () -> pick.set(a.add(b)));
        choice.set(pick);

        UInt r = regInit(UInt(16), 7);
        when(we, () -> r.set(r.add(a))).elseWhen(sel.eq(3), () -> r.set(b)).otherwise(() -> r.set(r));
        acc.set(r);

        Mem<UInt> m = mem(8, UInt(16));
        when(we, () -> m.write(b.bits(2, 0), a));
        memOut.set(m.read(a.bits(2, 0)));

        UInt w = reg(UInt(100));
        w.set(wa.xor(w));
        wreg.set(w);

        Child c = instance(new Child());
        c.x.set(a);
        childY.set(c.y);
    }

    /** A child with its own register, to check flattening. */
    static final class Child extends Module {
        final UInt x = input(UInt(16));
        final UInt y = output(UInt(16));

        Child() {
            UInt q = regNext(x, 0);
            y.set(q.add(x));
        }
    }
}

package tagmatch.dpa;

import tagmatch.hdl.core.Bool;
import tagmatch.hdl.core.UInt;

import static tagmatch.dpa.Decompressor.sext;
import static tagmatch.hdl.core.Hdl.*;

/**
 * What a bank does with the one access it serves in a cycle, described into the cluster: from the
 * addressed 64-bit word as it is ({@code old}), the value returned to the hart and the word written
 * back; {@code offset} is the byte address within the word. A load extracts and extends; a store merges its bytes; an AMO returns the old value and
 * merges {@code old op data}; LR returns the old value; SC writes only on a live reservation and
 * returns 0 for success, 1 for failure. Word (.w) atomics act on the addressed half.
 */
final class AtomicUnit {
    final UInt result;
    final Bool write;
    final UInt newWord;

    AtomicUnit(UInt old, UInt offset, UInt kind, UInt size, Bool unsigned, UInt amo, UInt data, Bool reserved, String name) {
        UInt shift = cat(offset, lit(0, 3)).named(name + "_shift");
        UInt shifted = old.shr(shift).named(name + "_shifted");
        UInt loaded = wire(name + "_loaded", UInt(64));
        loaded.set(shifted);
        switchOn(size)
            .is(0, () -> loaded.set(mux(unsigned, shifted.bits(7, 0).pad(64), sext(shifted.bits(7, 0), 64))))
            .is(1, () -> loaded.set(mux(unsigned, shifted.bits(15, 0).pad(64), sext(shifted.bits(15, 0), 64))))
            .is(2, () -> loaded.set(mux(unsigned, shifted.bits(31, 0).pad(64), sext(shifted.bits(31, 0), 64))));

        // the AMO operands: for .w both are the sign-extended 32-bit values, which keeps signed and unsigned order
        UInt x = loaded;
        UInt y = mux(size.eq(2), sext(data.bits(31, 0), 64), data).named(name + "_operand");
        Bool lt = x.asSInt().lt(y.asSInt()).named(name + "_lt");
        Bool ltu = x.lt(y).named(name + "_ltu");
        UInt op = wire(name + "_amo_result", UInt(64));
        op.set(y);
        switchOn(amo)
            .is(0, () -> op.set(x.add(y)))
            .is(4, () -> op.set(x.xor(y)))
            .is(12, () -> op.set(x.and(y)))
            .is(8, () -> op.set(x.or(y)))
            .is(16, () -> op.set(mux(lt, x, y)))
            .is(20, () -> op.set(mux(lt, y, x)))
            .is(24, () -> op.set(mux(ltu, x, y)))
            .is(28, () -> op.set(mux(ltu, y, x)));

        UInt stored = mux(kind.eq(DpaCore.AMO), op, data).named(name + "_stored");
        UInt mask = wire(name + "_mask", UInt(64));
        mask.set(Execute.ones(64));
        switchOn(size)
            .is(0, () -> mask.set(0xFFL))
            .is(1, () -> mask.set(0xFFFFL))
            .is(2, () -> mask.set(0xFFFF_FFFFL));
        UInt placedMask = Execute.shiftLeft(mask, shift).named(name + "_placed_mask");
        UInt placed = Execute.shiftLeft(stored, shift).named(name + "_placed");
        newWord = old.and(placedMask.not()).or(placed.and(placedMask)).named(name + "_new");

        Bool isStore = kind.eq(DpaCore.STORE), isAmo = kind.eq(DpaCore.AMO), isSc = kind.eq(DpaCore.SC);
        write = isStore.or(isAmo).or(isSc.and(reserved)).named(name + "_writes");
        result = mux(isSc, mux(reserved, lit(0, 64), lit(1, 64)), loaded).named(name + "_result");
    }
}

package tagmatch.dpa;

import tagmatch.hdl.core.Bool;
import tagmatch.hdl.core.HwEnum;
import tagmatch.hdl.core.Module;
import tagmatch.hdl.core.UInt;

import static tagmatch.dpa.Decompressor.sext;
import static tagmatch.hdl.core.Hdl.*;

/**
 * What a bank does with the one access it serves in a cycle: from the addressed 64-bit word as
 * it is ({@code old}), the value returned to the hart ({@code result}) and the word written back
 * ({@code new_word}, when {@code write}); {@code offset} is the byte address within the word. A
 * load extracts and extends; a store merges its bytes; an AMO returns the old value and merges
 * {@code old op data}; LR returns the old value; SC writes only on a live reservation
 * ({@code reserved}) and returns 0 for success, 1 for failure. Word (.w) atomics act on the
 * addressed half.
 */
public final class AtomicUnit extends Module {
    final UInt old = input("old", UInt(64));
    final UInt offset = input("offset", UInt(3));
    final HwEnum<MemOp> op = input("op", Enum(MemOp.class));
    final UInt size = input("size", UInt(2));
    final Bool unsigned = input("unsigned", Bool());
    final UInt amo = input("amo", UInt(5));
    final UInt data = input("data", UInt(64));
    final Bool reserved = input("reserved", Bool());
    final UInt result = output("result", UInt(64));
    final Bool write = output("write", Bool());
    final UInt newWord = output("new_word", UInt(64));

    public AtomicUnit() {
        UInt shift = cat(offset, lit(0, 3)).named("shift");
        UInt shifted = old.shr(shift).named("shifted");
        UInt loaded = wire("loaded", UInt(64));
        loaded.set(shifted);
        switchOn(size)
            .is(0, () -> loaded.set(mux(unsigned, shifted.bits(7, 0).pad(64), sext(shifted.bits(7, 0), 64))))
            .is(1, () -> loaded.set(mux(unsigned, shifted.bits(15, 0).pad(64), sext(shifted.bits(15, 0), 64))))
            .is(2, () -> loaded.set(mux(unsigned, shifted.bits(31, 0).pad(64), sext(shifted.bits(31, 0), 64))));

        // the AMO operands: for .w both are the sign-extended 32-bit values, which keeps signed and unsigned order
        UInt x = loaded;
        UInt y = mux(size.eq(2), sext(data.bits(31, 0), 64), data).named("operand");
        Bool lt = x.asSInt().lt(y.asSInt()).named("lt");
        Bool ltu = x.lt(y).named("ltu");
        UInt amoResult = wire("amo_result", UInt(64));
        amoResult.set(y);
        switchOn(amo)
            .is(Rv64.AMOADD, () -> amoResult.set(x.add(y)))
            .is(Rv64.AMOXOR, () -> amoResult.set(x.xor(y)))
            .is(Rv64.AMOAND, () -> amoResult.set(x.and(y)))
            .is(Rv64.AMOOR, () -> amoResult.set(x.or(y)))
            .is(Rv64.AMOMIN, () -> amoResult.set(mux(lt, x, y)))
            .is(Rv64.AMOMAX, () -> amoResult.set(mux(lt, y, x)))
            .is(Rv64.AMOMINU, () -> amoResult.set(mux(ltu, x, y)))
            .is(Rv64.AMOMAXU, () -> amoResult.set(mux(ltu, y, x)));

        Bool isAmo = op.is(MemOp.AMO), isSc = op.is(MemOp.SC);
        UInt stored = mux(isAmo, amoResult, data).named("stored");
        UInt mask = wire("mask", UInt(64));
        mask.set(Execute.ones(64));
        switchOn(size)
            .is(0, () -> mask.set(0xFFL))
            .is(1, () -> mask.set(0xFFFFL))
            .is(2, () -> mask.set(0xFFFF_FFFFL));
        UInt placedMask = Execute.shiftLeft(mask, shift).named("placed_mask");
        UInt placed = Execute.shiftLeft(stored, shift).named("placed");
        newWord.set(old.and(placedMask.not()).or(placed.and(placedMask)));
        write.set(op.is(MemOp.STORE).or(isAmo).or(isSc.and(reserved)));
        result.set(mux(isSc, mux(reserved, lit(0, 64), lit(1, 64)), loaded));
    }
}

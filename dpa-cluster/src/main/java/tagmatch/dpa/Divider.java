package tagmatch.dpa;

import tagmatch.hdl.core.Bool;
import tagmatch.hdl.core.Module;
import tagmatch.hdl.core.UInt;

import static tagmatch.dpa.Decompressor.sext;
import static tagmatch.hdl.core.Hdl.*;

/**
 * The iterative divider of a core: restoring division of magnitudes, one quotient bit a cycle
 * (64 cycles), then the signs and the spec's special results (a divisor of zero gives a quotient
 * of all ones and the dividend as remainder; the signed overflow {@code -2^63 / -1} falls out of
 * the magnitude arithmetic as {@code -2^63} and remainder 0). {@code op} is the low bits of the
 * instruction's funct3 (0 div, 1 divu, 2 rem, 3 remu); {@code word} selects the W forms. The result holds,
 * {@code done} high, until {@code ack}.
 */
public final class Divider extends Module {
    final Bool start = input(Bool());
    final UInt op = input(UInt(2));
    final Bool word = input(Bool());
    final UInt a = input(UInt(64));
    final UInt b = input(UInt(64));
    final Bool ack = input(Bool());
    final Bool busy = output(Bool());
    final Bool done = output(Bool());
    final UInt result = output(UInt(64));

    public Divider() {
        Bool active = regInit(Bool(), 0).named("active");
        UInt count = regInit(UInt(7), 0).named("count");
        UInt rem = reg(UInt(64)).named("rem");
        UInt quo = reg(UInt(64)).named("quo");
        UInt divisor = reg(UInt(64)).named("divisor");
        UInt dividend = reg(UInt(64)).named("dividend");
        Bool negQ = reg(Bool()).named("neg_q");
        Bool negR = reg(Bool()).named("neg_r");
        Bool byZero = reg(Bool()).named("by_zero");
        Bool isRem = reg(Bool()).named("is_rem");
        Bool isWord = reg(Bool()).named("is_word");

        Bool unsigned = op.bit(0).named("unsigned_op");
        UInt aa = mux(word, mux(unsigned, a.bits(31, 0).pad(64), sext(a.bits(31, 0), 64)), a).named("a_ext");
        UInt bb = mux(word, mux(unsigned, b.bits(31, 0).pad(64), sext(b.bits(31, 0), 64)), b).named("b_ext");
        Bool aNeg = unsigned.not().and(aa.msb()).named("a_neg");
        Bool bNeg = unsigned.not().and(bb.msb()).named("b_neg");

        when(start, () -> {
            active.set(1);
            count.set(64);
            rem.set(0);
            quo.set(mux(aNeg, lit(0, 64).sub(aa), aa));
            divisor.set(mux(bNeg, lit(0, 64).sub(bb), bb));
            dividend.set(aa);
            negQ.set(aNeg.xor(bNeg));
            negR.set(aNeg);
            byZero.set(bb.eq(0));
            isRem.set(op.bit(1));
            isWord.set(word);
        }).elseWhen(active.and(count.ne(0)), () -> {
            UInt shifted = cat(rem, quo.msb()).named("shifted");
            Bool fits = shifted.ge(divisor.pad(65)).named("fits");
            // shifted < 2 * divisor, so what remains fits 64 bits
            rem.set(mux(fits, shifted.bits(63, 0).sub(divisor), shifted.bits(63, 0)));
            quo.set(cat(quo.bits(62, 0), fits));
            count.set(count.sub(1));
        }).elseWhen(ack, () -> active.set(0));

        UInt ones = lit(0, 64).not();
        UInt q = mux(byZero, ones, mux(negQ, lit(0, 64).sub(quo), quo)).named("q");
        UInt r = mux(byZero, dividend, mux(negR, lit(0, 64).sub(rem), rem)).named("r");
        UInt res = mux(isRem, r, q).named("res");
        result.set(mux(isWord, sext(res.bits(31, 0), 64), res));
        busy.set(active);
        done.set(active.and(count.eq(0)));
    }
}

package tagmatch.dpa;

import tagmatch.hdl.core.Bool;
import tagmatch.hdl.core.UInt;

import static tagmatch.hdl.core.Hdl.*;

/**
 * The single-cycle multiplier of the execute stage, described into the core: {@code mul},
 * {@code mulh}, {@code mulhsu} and {@code mulhu} by funct3, and the low word of the product for
 * {@code mulw}.
 *
 * <p>Chosen to simulate faster: the unsigned 64 x 64 product comes from four 32 x 32 partial
 * products, each one machine multiply in a simulator, where a 128-bit product costs a loop over
 * 32-bit limbs every cycle. A signed operand's high half is then corrected by subtracting the other
 * operand when it is negative (mulh: both, mulhsu: rs1's).
 */
final class Multiplier {
    /** The result of mul, mulh, mulhsu or mulhu. */
    final UInt value;
    /** The low 32 bits of the product (mulw). */
    final UInt low32;

    Multiplier(UInt a, UInt b, UInt f3) {
        UInt aLo = a.bits(31, 0), aHi = a.bits(63, 32), bLo = b.bits(31, 0), bHi = b.bits(63, 32);
        UInt ll = aLo.mul(bLo).named("mul_ll");
        UInt lh = aLo.mul(bHi).named("mul_lh");
        UInt hl = aHi.mul(bLo).named("mul_hl");
        UInt hh = aHi.mul(bHi).named("mul_hh");
        UInt mid = ll.bits(63, 32).pad(34).add(lh.bits(31, 0).pad(34)).add(hl.bits(31, 0).pad(34)).named("mul_mid");
        UInt productLo = cat(mid.bits(31, 0), ll.bits(31, 0)).named("mul_lo");
        UInt productHi = hh.add(lh.bits(63, 32).pad(64)).add(hl.bits(63, 32).pad(64)).add(mid.bits(33, 32).pad(64)).named("mul_hi");
        Bool signA = f3.eq(Rv64.MULH).or(f3.eq(Rv64.MULHSU)).and(a.msb()).named("mul_neg_a");
        Bool signB = f3.eq(Rv64.MULH).and(b.msb()).named("mul_neg_b");
        UInt high = productHi.sub(mux(signA, b, lit(0, 64))).sub(mux(signB, a, lit(0, 64))).named("mul_high");
        value = mux(f3.eq(Rv64.MUL), productLo, high).named("mul_value");
        low32 = ll.bits(31, 0);
    }
}

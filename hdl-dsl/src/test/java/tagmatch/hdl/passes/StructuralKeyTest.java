package tagmatch.hdl.passes;

import org.junit.jupiter.api.Test;
import tagmatch.hdl.core.Bool;
import tagmatch.hdl.core.Elaborator;
import tagmatch.hdl.core.Formal;
import tagmatch.hdl.core.Mem;
import tagmatch.hdl.core.Module;
import tagmatch.hdl.core.UInt;
import tagmatch.hdl.ir.Circuit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static tagmatch.hdl.core.Hdl.*;

/**
 * The structural key sees every part of a module that a backend may print: one module described
 * with exactly one difference at a time (a parameter, a port width, each part of a register's
 * timing, a memory's clock, each part of a connection, a write, a when, a switch, a mux, a case
 * a read and a property's clock) never gets the key of the unchanged module, before when-lowering (whens and
 * switches as statements) and after it (as muxes, cases and write enables). The same
 * description twice gets equal keys.
 */
class StructuralKeyTest {
    private static final int DIFFERENCES = 25;

    /** Variant 0 is the base; variant k changes the one thing marked k. All lines run in every variant. */
    static final class Shape extends Module {
        Shape(int diff) {
            param("p", diff == 1 ? 2 : 1);
            UInt a = input("a", UInt(4));
            UInt b = input("b", UInt(4));
            UInt c = input("c", UInt(4));
            input("spare", UInt(diff == 2 ? 8 : 4));
            Bool e1 = input("e1", Bool());
            Bool e2 = input("e2", Bool());
            Bool r1 = input("r1", Bool());
            Bool r2 = input("r2", Bool());
            Bool c1 = input("c1", Bool());
            Bool c2 = input("c2", Bool());
            UInt s1 = input("s1", UInt(2));
            UInt s2 = input("s2", UInt(2));
            UInt addr1 = input("addr1", UInt(2));
            UInt addr2 = input("addr2", UInt(2));
            UInt[] w = new UInt[11];
            for (int i = 1; i < w.length; i++) w[i] = wire("w" + i, UInt(4));
            withClock(diff == 5 ? c2 : c1, () -> withReset(diff == 4 ? r2 : r1, () -> {
                UInt r = regInit(UInt(4), diff == 3 ? 2 : 1);
                r.set(a);
            }));
            @SuppressWarnings("unchecked")
            Mem<UInt>[] ram = new Mem[1];
            withClock(diff == 6 ? c2 : c1, () -> ram[0] = mem(4, UInt(4)));
            (diff == 7 ? w[2] : w[1]).set(a);
            ram[0].write(diff == 8 ? addr2 : addr1, a);
            ram[0].write(addr1, diff == 9 ? b : a);
            when(diff == 10 ? e2 : e1, () -> ram[0].write(addr1, c));
            when(diff == 11 ? e2 : e1, () -> (diff == 12 ? w[4] : w[3]).set(a))
                    .otherwise(() -> (diff == 13 ? w[4] : w[3]).set(b));
            switchOn(diff == 14 ? s2 : s1)
                    .is(0, () -> (diff == 15 ? w[6] : w[5]).set(a))
                    .otherwise(() -> (diff == 16 ? w[6] : w[5]).set(b));
            w[7].set(mux(diff == 17 ? e2 : e1, diff == 18 ? b : a, diff == 19 ? a : b));
            switchOn(diff == 20 ? s2 : s1)
                    .is(0, () -> w[8].set(a))
                    .is(1, () -> w[8].set(diff == 21 ? c : b))
                    .otherwise(() -> w[8].set(diff == 22 ? a : c));
            w[9].set(ram[0].read(diff == 23 ? addr2 : addr1));
            w[10].set(a.add(diff == 24 ? c : b));
            withClock(diff == 25 ? c2 : c1, () -> Formal.Assert(e1, "e1 holds"));
        }
    }

    private static StructuralKey key(int diff, boolean lowered) {
        Circuit c = Elaborator.elaborateRaw(() -> new Shape(diff));
        if (lowered) new WhenLowering().run(c);
        return StructuralKey.of(c.top());
    }

    @Test
    void theSameDescriptionTwiceHasEqualKeys() {
        for (boolean lowered : new boolean[] {false, true}) {
            StructuralKey one = key(0, lowered), two = key(0, lowered);
            assertEquals(one, two);
            assertEquals(one.hashCode(), two.hashCode());
            assertTrue(one.toString().startsWith("[" + Shape.class.getName()), one.toString());
        }
    }

    @Test
    void everySingleDifferenceChangesTheKeyBeforeAndAfterLowering() {
        for (boolean lowered : new boolean[] {false, true}) {
            StructuralKey base = key(0, lowered);
            for (int diff = 1; diff <= DIFFERENCES; diff++) {
                StructuralKey other = key(diff, lowered);
                assertNotEquals(base, other, "difference " + diff + (lowered ? " after" : " before") + " lowering");
                // Not required for correctness, but a key that hashed everything alike would
                // turn Deduplicate's map into a list (a collision here has odds of 1 in 2^32).
                assertNotEquals(base.hashCode(), other.hashCode(), "difference " + diff);
            }
        }
    }
}

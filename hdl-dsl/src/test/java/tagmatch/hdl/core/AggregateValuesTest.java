package tagmatch.hdl.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static tagmatch.hdl.core.Hdl.*;

import java.util.List;
import org.junit.jupiter.api.Test;
import tagmatch.hdl.backend.VerilogEmitter;
import tagmatch.hdl.ir.Circuit;
import tagmatch.hdl.ir.HdlException;
import tagmatch.hdl.ir.Port;
import tagmatch.hdl.lib.Stream;

/** Bundles as values: copies of the type, optional fields, bulk connection and its errors. */
class AggregateValuesTest {
    static final class Pair extends Bundle {
        final UInt hi = field("hi", UInt(4));
        final Bool lo = field("lo", Bool());
        final UInt extra;

        Pair(boolean withExtra) {
            extra = optional(withExtra, "extra", () -> UInt(3));
        }
    }

    private static List<String> ports(Circuit c) {
        return c.top().ports().stream().map(Port::name).toList();
    }

    @Test
    void anAbsentOptionalFieldHasNoPortAndNoBits() {
        Circuit with = Elaborator.elaborate(() -> new Module() {{
            Pair in = input("in", new Pair(true));
            output("out", UInt(8)).set(in.asUInt());
        }});
        Circuit without = Elaborator.elaborate(() -> new Module() {{
            Pair in = input("in", new Pair(false));
            assertNull(in.extra);
            assertTrue(!in.has("extra") && in.has("hi"));
            output("out", UInt(5)).set(in.asUInt());
        }});
        assertEquals(List.of("in_hi", "in_lo", "in_extra", "out"), ports(with));
        assertEquals(List.of("in_hi", "in_lo", "out"), ports(without));
    }

    @Test
    void typeOfCopiesTheBundleWithFreshFieldsAndItsJavaFieldsRepointed() {
        Elaborator.elaborate(() -> new Module() {{
            Pair in = input("in", new Pair(true));
            Pair copy = typeOf(in);
            assertNotSame(in.hi, copy.hi);
            assertTrue(!copy.isHardware() && in.isHardware());
            assertEquals(List.of(copy.hi, copy.lo, copy.extra), copy.leaves());
            Pair r = regNext(in);
            output("out", new Pair(true)).set(r);
        }});
    }

    @Test
    void bundleAsUIntPutsTheFirstFieldOnTopAndFromBitsInvertsIt() {
        String v = VerilogEmitter.emit(Elaborator.elaborate(() -> new Module() {{
            Pair in = input("in", new Pair(false));
            UInt flat = output("flat", UInt(5));
            flat.set(in.asUInt());
            Pair back = output("back", new Pair(false));
            back.set(new Pair(false).fromBits(flat));
        }}));
        assertTrue(v.contains("assign flat = {in_hi, in_lo};"), v);
        assertTrue(v.contains("assign back_hi = flat[4:1];"), v);
        assertTrue(v.contains("assign back_lo = flat[0];"), v);
    }

    @Test
    void connectDrivesFlippedFieldsBackwards() {
        String v = VerilogEmitter.emit(Elaborator.elaborate(() -> new Module() {{
            Stream<UInt> in = input("in", new Stream<>(UInt(8)));
            Stream<UInt> out = output("out", new Stream<>(UInt(8)));
            out.connect(in);
        }}));
        assertTrue(v.contains("assign out_valid = in_valid;"), v);
        assertTrue(v.contains("assign out_bits = in_bits;"), v);
        assertTrue(v.contains("assign in_ready = out_ready;"), v);
    }

    @Test
    void shapesThatDifferCannotBeConnectedOrMuxed() {
        HdlException e = assertThrows(HdlException.class, () -> Elaborator.elaborate(() -> new Module() {{
            Pair a = input("a", new Pair(true));
            Pair b = output("b", new Pair(false));
            b.set(a);
        }}));
        assertTrue(e.getMessage().contains("cannot connect Pair to Pair: they have different shapes"), e.getMessage());
        e = assertThrows(HdlException.class, () -> Elaborator.elaborate(() -> new Module() {{
            Stream<UInt> a = input("a", new Stream<>(UInt(8)));
            Pair b = input("b", new Pair(false));
            output("c", new Pair(false)).set(mux(input("s", Bool()), (Data) a, (Data) b));
        }}));
        assertTrue(e.getMessage().contains("cannot mux Stream and Pair"), e.getMessage());
    }

    @Test
    void fromBitsNeedsExactlyTheTypesWidth() {
        HdlException e = assertThrows(HdlException.class, () -> Elaborator.elaborate(() -> new Module() {{
            new Pair(false).fromBits(input("x", UInt(6)));
        }}));
        assertTrue(e.getMessage().contains("fromBits: Pair is 5 bits, got UInt<6> 'x'"), e.getMessage());
    }

    static final class Sneaky extends Bundle {
        final UInt a = field("a", UInt(4));
        final UInt hidden = UInt(2);
    }

    @Test
    void aBundleWhoseJavaFieldIsNotDeclaredCannotBeCopied() {
        HdlException e = assertThrows(HdlException.class, () -> Elaborator.elaborate(() -> new Module() {{
            Sneaky s = input("s", new Sneaky());
            regNext(s);
        }}));
        assertTrue(e.getMessage().contains("Java field 'hidden' holds hardware that is not one of its declared fields"),
                e.getMessage());
    }

    @Test
    void aResetValueMustBeLiteralInEveryLeaf() {
        HdlException e = assertThrows(HdlException.class, () -> Elaborator.elaborate(() -> new Module() {{
            Pair in = input("in", new Pair(false));
            regInit(new Pair(false), in);
        }}));
        assertTrue(e.getMessage().contains("a reset value must be a literal"), e.getMessage());
    }
}

package tagmatch.hdl.core;

import tagmatch.hdl.ir.Direction;
import tagmatch.hdl.ir.ModuleDef;

import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

/**
 * How a port of any type becomes Verilog pins, the one rule the DSL names and binds ports by and
 * code outside it (benches, simulator shims) reads pin names from:
 *
 * <ul>
 *   <li>one pin per leaf ({@link Bits}), in declaration order;</li>
 *   <li>a field's pin is named {@code <value>_<field>}, a {@link Vec} element's
 *       {@code <value>_<index>}, nested levels joined the same way ({@link #join});</li>
 *   <li>a flipped field's pin points against its bundle's direction; flips along a path cancel
 *       in pairs ({@link #direction});</li>
 *   <li>every module's clock and reset come first ({@link #CLOCK}, {@link #RESET}).</li>
 * </ul>
 *
 * A module that declares its ports as one bundle ({@link Module#ports}) names each top-level
 * field as itself: {@code req.valid} is the pin {@code req_valid}, {@code occupancy} the pin
 * {@code occupancy}. {@link #of(Bundle)} lists such a module's pins without elaborating it.
 */
public final class Pins {
    private Pins() {}

    /** One pin: its Verilog name, width in bits, and direction as the module sees it. */
    public record Pin(String name, int width, Direction direction) {
        /** Whether the module reads this pin. */
        public boolean input() {
            return direction == Direction.IN;
        }
    }

    /** The clock every module with state has, its first pin. */
    public static final Pin CLOCK = new Pin(ModuleDef.CLOCK, 1, Direction.IN);
    /** The synchronous reset, the pin after the clock. */
    public static final Pin RESET = new Pin(ModuleDef.RESET, 1, Direction.IN);

    /** The name of part {@code part} (a field name or an element index) of a value named {@code base}. */
    public static String join(String base, String part) {
        return base + "_" + part;
    }

    /** The direction of a leaf of a port declared {@code declared}, flipped an odd number of times on its path or not. */
    public static Direction direction(Direction declared, boolean flipped) {
        return flipped ? declared.flip() : declared;
    }

    /**
     * The pins of a module whose ports are {@code io}, declared with {@link Module#ports}: clock
     * and reset, then one pin per leaf of {@code io}, each top-level field named as itself.
     */
    public static Listing of(Bundle io) {
        Listing l = new Listing();
        l.add(null, CLOCK);
        l.add(null, RESET);
        for (Map.Entry<String, Data> e : io.elements().entrySet()) {
            Data d = e.getValue();
            collect(l, e.getKey(), d, d.flipped);
        }
        return l;
    }

    private static void collect(Listing l, String name, Data d, boolean flipped) {
        if (d instanceof Bits b) {
            l.add(b, new Pin(name, b.width(), direction(Direction.IN, flipped)));
        } else if (d instanceof Bundle bundle) {
            for (Map.Entry<String, Data> e : bundle.elements().entrySet())
                collect(l, join(name, e.getKey()), e.getValue(), flipped ^ e.getValue().flipped);
        } else {
            Vec<?> v = (Vec<?>) d;
            for (int i = 0; i < v.size(); i++) collect(l, join(name, String.valueOf(i)), v.get(i), flipped ^ v.get(i).flipped);
        }
    }

    /** A module's pins in order, and which leaf of the port bundle each one is. */
    public static final class Listing {
        private final List<Pin> pins = new ArrayList<>();
        private final Map<Bits, Pin> byLeaf = new IdentityHashMap<>();

        private void add(Bits leaf, Pin p) {
            pins.add(p);
            if (leaf != null) byLeaf.put(leaf, p);
        }

        /** Every pin, clock and reset first, then in declaration order. */
        public List<Pin> all() {
            return Collections.unmodifiableList(pins);
        }

        /** The pin of one leaf of the bundle listed, or null when the leaf is not one of its pins. */
        public Pin of(Data leaf) {
            return leaf instanceof Bits b ? byLeaf.get(b) : null;
        }
    }
}

package tagmatch.hdl.backend;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tagmatch.hdl.core.Elaborator;
import tagmatch.hdl.core.Module;
import tagmatch.hdl.core.UInt;
import tagmatch.hdl.ir.Circuit;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static tagmatch.hdl.core.Hdl.*;

/** How instance pins are wired: shared values feeding several pins, and outputs nobody reads. */
class InstancePortsTest {
    /** Two outputs; parents often need only one. */
    static final class Split extends Module {
        final UInt in = input(UInt(8));
        final UInt low = output(UInt(4));
        final UInt high = output(UInt(4));

        Split() {
            low.set(in.bits(3, 0));
            high.set(in.bits(7, 4));
        }
    }

    static final class Parent extends Module {
        final UInt a = input(UInt(8));
        final UInt b = input(UInt(8));
        final UInt y = output(UInt(8));

        Parent() {
            UInt shared = a.add(b);            // unnamed, feeds two instance inputs
            Split s1 = instance("s1", new Split());
            Split s2 = instance("s2", new Split());
            s1.in.set(shared);
            s2.in.set(shared);
            y.set(cat(s1.low, s2.high));       // s1.high and s2.low are never read
        }
    }

    @Test
    void sharedValuesAndUnreadOutputsAreWiredCleanly(@TempDir Path dir) throws IOException {
        Circuit c = Elaborator.elaborate(Parent::new);
        String v = VerilogEmitter.emit(c);
        // The shared sum is named by the first pin it drives; the second pin reads that wire.
        assertTrue(v.contains("  assign s1_in = a + b;"), v);
        assertTrue(v.contains("    .in(s1_in),\n    .low(s2_low_unused)"), v);
        assertFalse(v.contains("_T"), v);
        assertFalse(v.contains("s2_in"), v);
        assertTrue(v.contains(".high(s1_high_unused)"), v);
        assertTrue(v.contains(".low(s2_low_unused)"), v);
        List<Path> files = VerilogEmitter.writeFiles(c, dir);
        for (VerilogTools.Result r : VerilogTools.readers(files, "Parent"))
            assertTrue(r.ok(), () -> r.tool() + ":\n" + r.output() + "\n" + v);
    }
}

package tagmatch.hdl.backend;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import tagmatch.hdl.core.UInt;
import tagmatch.hdl.core.Elaborator;
import tagmatch.hdl.core.Module;
import tagmatch.hdl.lib.PriorityTree;
import tagmatch.hdl.lib.SequenceDetector;
import tagmatch.hdl.lib.SyncFifo;
import tagmatch.hdl.testdesigns.Accumulator;
import tagmatch.hdl.testdesigns.KitchenSink;
import tagmatch.hdl.testdesigns.Matcher;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.function.Supplier;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The emitted Verilog of a few small designs is compared byte for byte with reviewed files in
 * {@code src/test/resources/golden}. After an intended change, regenerate them with
 * {@code mvn -pl hdl-dsl test -Dtest=GoldenFilesTest -Dtagmatch.updateGolden=true} and review the diff.
 */
class GoldenFilesTest {
    record Case(String name, Supplier<? extends Module> design) {
        @Override
        public String toString() { return name; }
    }

    static Stream<Case> designs() {
        return Stream.of(
                new Case("accumulator", Accumulator::new),
                new Case("kitchen_sink", KitchenSink::new),
                new Case("fifo_4x8", () -> new SyncFifo<>(4, new UInt(8))),
                new Case("priority_tree_5x4", () -> new PriorityTree<>(5, new UInt(4), 2)),
                new Case("sequence_detector_1011", () -> new SequenceDetector(0b1011, 4)),
                new Case("readme_matcher", Matcher::new));
    }

    @ParameterizedTest
    @MethodSource("designs")
    void emittedVerilogMatchesTheReviewedGoldenFile(Case c) throws IOException {
        String v = VerilogEmitter.emit(Elaborator.elaborate(c.design()));
        assertEquals(v, VerilogEmitter.emit(Elaborator.elaborate(c.design())), "emission is not deterministic");
        Path golden = Path.of("src/test/resources/golden", c.name() + ".v");
        if (Boolean.getBoolean("tagmatch.updateGolden")) Files.writeString(golden, v);
        assertTrue(Files.exists(golden), "missing golden file " + golden + " (run with -Dtagmatch.updateGolden=true)");
        assertEquals(Files.readString(golden), v);
    }
}

package tagmatch.hdl.lib;

import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import tagmatch.hdl.backend.VerilogEmitter;
import tagmatch.hdl.backend.VerilogTools;
import tagmatch.hdl.ir.Circuit;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Every library block, at several parameter values, is read cleanly by the three tools that
 * matter: Verilator's lint with every warning on (no waivers), yosys, and Icarus Verilog.
 * These run the real tools and fail if one is missing.
 */
class LibraryLintTest {
    record Case(String block, Map<String, String> params) {
        @Override
        public String toString() { return block + " " + params; }
    }

    static Stream<Case> cases() {
        return Stream.of(
                new Case("fifo", Map.of("depth", "2", "width", "1")),
                new Case("fifo", Map.of("depth", "16", "width", "8")),
                new Case("fifo", Map.of("depth", "64", "width", "70")),
                new Case("priority-tree", Map.of("inputs", "2", "width", "1")),
                new Case("priority-tree", Map.of("inputs", "5", "width", "8", "radix", "2")),
                new Case("priority-tree", Map.of("inputs", "100", "width", "16", "radix", "4")),
                new Case("priority-tree", Map.of("inputs", "256", "width", "16", "radix", "8")),
                new Case("priority-encoder", Map.of("width", "2")),
                new Case("priority-encoder", Map.of("width", "7")),
                new Case("priority-encoder", Map.of("width", "64")),
                new Case("one-hot-mux", Map.of("inputs", "2", "width", "1")),
                new Case("one-hot-mux", Map.of("inputs", "5", "width", "12")),
                new Case("counter", Map.of("n", "2")),
                new Case("counter", Map.of("n", "10")),
                new Case("counter", Map.of("n", "1024")),
                new Case("pipe", Map.of("width", "1", "latency", "1")),
                new Case("pipe", Map.of("width", "70", "latency", "4")),
                new Case("state-machine", Map.of("pattern", "1", "length", "1")),
                new Case("state-machine", Map.of("pattern", "0b1011", "length", "4")),
                new Case("state-machine", Map.of("pattern", "0b110100111", "length", "9")),
                new Case("arbiter", Map.of("inputs", "2", "width", "1")),
                new Case("arbiter", Map.of("inputs", "5", "width", "12")),
                new Case("round-robin-arbiter", Map.of("inputs", "2", "width", "1")),
                new Case("round-robin-arbiter", Map.of("inputs", "7", "width", "12")),
                new Case("stream-pipe", Map.of("width", "1")),
                new Case("stream-pipe", Map.of("width", "70")),
                new Case("skid-buffer", Map.of("width", "1")),
                new Case("skid-buffer", Map.of("width", "70")),
                new Case("stream-fork", Map.of("outputs", "2", "width", "1")),
                new Case("stream-fork", Map.of("outputs", "5", "width", "16")),
                new Case("stream-join", Map.of("inputs", "2", "width", "1")),
                new Case("stream-join", Map.of("inputs", "3", "width", "16")),
                new Case("lfsr", Map.of("width", "2")),
                new Case("lfsr", Map.of("width", "16", "seed", "0xACE1")),
                new Case("lfsr", Map.of("width", "64")),
                new Case("one-hot-decoder", Map.of("outputs", "2")),
                new Case("one-hot-decoder", Map.of("outputs", "6")),
                new Case("one-hot-decoder", Map.of("outputs", "64")),
                new Case("synchronizer", Map.of("width", "1")),
                new Case("synchronizer", Map.of("width", "8", "stages", "3")));
    }

    @ParameterizedTest
    @MethodSource("cases")
    void blockIsCleanUnderVerilatorYosysAndIverilog(Case c, @TempDir Path dir) throws IOException {
        Catalog.Block b = Catalog.block(c.block());
        Circuit circuit = b.elaborate(b.resolve(c.params()));
        List<Path> files = VerilogEmitter.writeFiles(circuit, dir);
        String top = circuit.top().name();
        for (VerilogTools.Result r : VerilogTools.readers(files, top))
            assertTrue(r.ok(), () -> r.tool() + " rejected " + c + ":\n" + r.output());
    }

    /**
     * A designer names every value the logic uses twice; so does the library: its Verilog
     * declares no anonymous temporary ({@code _T}, {@code _T_1}, ...) and no unnamed wire.
     */
    @ParameterizedTest
    @MethodSource("cases")
    void blockNamesEveryValueItShares(Case c) {
        Catalog.Block b = Catalog.block(c.block());
        String v = VerilogEmitter.emit(b.elaborate(b.resolve(c.params())));
        java.util.regex.Pattern anonymous = java.util.regex.Pattern.compile("\\b_(T|GEN|WIRE|REG)(_[0-9]+)?\\b");
        List<String> lines = v.lines().filter(l -> anonymous.matcher(l).find()).toList();
        assertTrue(lines.isEmpty(), () -> c + " has anonymous values:\n" + String.join("\n", lines));
    }

    @org.junit.jupiter.api.Test
    void everyCatalogBlockIsCovered() {
        for (Catalog.Block b : Catalog.blocks())
            assertTrue(cases().anyMatch(c -> c.block().equals(b.name())), "no lint case for " + b.name());
    }
}

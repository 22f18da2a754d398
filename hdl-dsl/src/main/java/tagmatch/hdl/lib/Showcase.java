package tagmatch.hdl.lib;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import tagmatch.hdl.backend.VerilogTools;

/**
 * The blocks {@code tagmatch demo} shows, each with the parameters it shows it with, and what it
 * finds on each: its top, its modules and lines of Verilog, and the verdicts of the three readers
 * ({@link VerilogTools#readers}).
 *
 * <pre>{@code
 * for (Showcase.Shown shown : Showcase.all()) {
 *     Path dir = out.resolve(shown.name());
 *     Catalog.Emitted emitted = shown.emit(dir);
 *     Showcase.Row row = Showcase.check(shown, emitted, List.of(dir.resolve(emitted.top() + ".v")));
 *     System.out.println(row.block() + (row.ok() ? " clean" : " REJECTED"));
 * }
 * }</pre>
 */
public final class Showcase {
    /** One block shown, with its parameters ({@code key=value} as {@code tagmatch hdl --param} takes them). */
    public record Shown(Catalog.Block block, Map<String, String> params) {
        public String name() {
            return block.name();
        }

        /** Writes the block into {@code dir}, one Verilog file per module. */
        public Catalog.Emitted emit(Path dir) throws IOException {
            return block.emit(block.resolve(params), dir);
        }
    }

    /** A shown block checked: its size and each reader's verdict. */
    public record Row(String block, String top, int modules, long lines, List<VerilogTools.Result> readers) {
        public boolean ok() {
            return readers.stream().allMatch(VerilogTools.Result::ok);
        }
    }

    private static final Map<String, Map<String, String>> SHOWN = new LinkedHashMap<>();

    static {
        SHOWN.put("fifo", Map.of("depth", "16", "width", "32"));
        SHOWN.put("priority-tree", Map.of("inputs", "64", "width", "16", "radix", "4"));
        SHOWN.put("priority-encoder", Map.of("width", "32"));
        SHOWN.put("one-hot-mux", Map.of("inputs", "8", "width", "16"));
        SHOWN.put("counter", Map.of("n", "10"));
        SHOWN.put("pipe", Map.of("width", "32", "latency", "3"));
        SHOWN.put("state-machine", Map.of("pattern", "0b1011", "length", "4"));
        SHOWN.put("arbiter", Map.of("inputs", "4", "width", "32"));
        SHOWN.put("round-robin-arbiter", Map.of("inputs", "4", "width", "32"));
        SHOWN.put("stream-pipe", Map.of("width", "32"));
        SHOWN.put("skid-buffer", Map.of("width", "32"));
        SHOWN.put("stream-fork", Map.of("outputs", "3", "width", "32"));
        SHOWN.put("stream-join", Map.of("inputs", "2", "width", "16"));
        SHOWN.put("lfsr", Map.of("width", "32"));
        SHOWN.put("one-hot-decoder", Map.of("outputs", "16"));
        SHOWN.put("synchronizer", Map.of("width", "1"));
    }

    private Showcase() {}

    /** The shown blocks, in the order the demo lists them. */
    public static List<Shown> all() {
        return SHOWN.entrySet().stream().map(e -> new Shown(Catalog.block(e.getKey()), e.getValue())).toList();
    }

    /** {@code files}, the Verilog {@code emitted} for {@code shown}, counted and read by the three readers. */
    public static Row check(Shown shown, Catalog.Emitted emitted, List<Path> files) throws IOException {
        long lines = 0;
        for (Path f : files) lines += Files.readAllLines(f).size();
        return new Row(shown.name(), emitted.top(), emitted.modules(), lines, VerilogTools.readers(files, emitted.top()));
    }
}

package tagmatch.hdl.lib;

import tagmatch.hdl.backend.VerilogEmitter;
import tagmatch.hdl.core.Elaborator;
import tagmatch.hdl.core.Module;
import tagmatch.hdl.core.UInt;
import tagmatch.hdl.ir.Circuit;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * The standard-library blocks that can be generated standalone ({@code tagmatch hdl <block>}),
 * with their integer parameters, defaults and legal ranges. A block has one clock, {@code clk},
 * and a synchronous {@code rst} if it has state; the tests that walk the catalog (lint,
 * four-state, every backend) step that clock and drive every other input as data.
 *
 * <pre>{@code
 * Catalog.Block fifo = Catalog.block("fifo");
 * Circuit c = fifo.elaborate(fifo.resolve(Map.of("depth", "16", "width", "0x20")));   // checked, defaults for the rest
 * VerilogEmitter.writeFiles(c, Path.of("out"));
 * }</pre>
 */
public final class Catalog {
    private Catalog() {}

    /** One integer parameter: its legal range and whether it must be a power of two. */
    public record Param(String name, int defaultValue, int min, int max, boolean powerOfTwo, String help) {
        String legal() {
            return (powerOfTwo ? "a power of two in " : "") + min + ".." + max;
        }

        void check(String block, int v) {
            if (v < min || v > max || powerOfTwo && Integer.bitCount(v) != 1)
                throw new IllegalArgumentException("parameter " + name + " of " + block + " must be " + legal() + ", got " + v);
        }
    }

    /** A block written: its top module's name and how many modules it has. */
    public record Emitted(String top, int modules) {}

    /** A generatable block. */
    public record Block(String name, String summary, List<Param> params, Function<Map<String, Integer>, Module> factory) {
        /** Parses and checks {@code key=value} settings; unset parameters take their defaults. */
        public Map<String, Integer> resolve(Map<String, String> given) {
            Map<String, Integer> out = new LinkedHashMap<>();
            for (String k : given.keySet())
                if (params.stream().noneMatch(p -> p.name().equals(k)))
                    throw new IllegalArgumentException("block " + name + " has no parameter '" + k + "'; its parameters are "
                            + params.stream().map(Param::name).toList());
            for (Param p : params) {
                String raw = given.get(p.name());
                int v;
                try {
                    v = raw == null ? p.defaultValue() : parse(raw.trim());
                } catch (NumberFormatException e) {
                    throw new IllegalArgumentException("parameter " + p.name() + " of " + name + " must be an integer ("
                            + p.legal() + "), got '" + raw + "'");
                }
                p.check(name, v);
                out.put(p.name(), v);
            }
            return out;
        }

        /** Decimal, {@code 0x} hex or {@code 0b} binary. */
        private static int parse(String raw) {
            if (raw.startsWith("0b") || raw.startsWith("0B")) return Integer.parseInt(raw.substring(2), 2);
            return Integer.decode(raw);
        }

        public Circuit elaborate(Map<String, Integer> values) {
            return Elaborator.elaborate(() -> factory.apply(values));
        }

        /** Elaborates the block with {@code values} and writes it into {@code dir}, one Verilog file per module. */
        public Emitted emit(Map<String, Integer> values, Path dir) throws IOException {
            Circuit c = elaborate(values);
            VerilogEmitter.writeFiles(c, dir);
            return new Emitted(c.top().name(), c.modules().size());
        }

        public Circuit elaborateDefaults() {
            return elaborate(resolve(Map.of()));
        }
    }

    /** The payload of the stream and pipeline blocks. */
    private static final Param DATA_BITS = new Param("width", 8, 1, 4096, false, "data bits");
    /** The arbiters' inputs and their payload. */
    private static final List<Param> STREAMS = List.of(new Param("inputs", 4, 2, 1024, false, "inputs"), DATA_BITS);

    private static final List<Block> BLOCKS = List.of(
            new Block("fifo", "synchronous FIFO with registered outputs (SyncFifo)",
                    List.of(new Param("depth", 8, 2, 65536, true, "words"), new Param("width", 8, 1, 4096, false, "bits per word")),
                    p -> new SyncFifo<>(p.get("depth"), new UInt(p.get("width")))),
            new Block("priority-tree", "first valid input, its index and payload (PriorityTree)",
                    List.of(new Param("inputs", 8, 2, 4096, false, "inputs"), new Param("width", 8, 1, 1024, false, "payload bits"),
                            new Param("radix", 2, 2, 16, true, "children per node")),
                    p -> new PriorityTree<>(p.get("inputs"), new UInt(p.get("width")), p.get("radix"))),
            new Block("priority-encoder", "index of the lowest set bit (PriorityEncoder)",
                    List.of(new Param("width", 8, 2, 4096, false, "input bits")),
                    p -> new PriorityEncoder(p.get("width"))),
            new Block("one-hot-mux", "AND-OR selection by a one-hot select (OneHotMux)",
                    List.of(new Param("inputs", 4, 2, 1024, false, "inputs"), new Param("width", 8, 1, 1024, false, "bits per input")),
                    p -> new OneHotMux<>(p.get("inputs"), new UInt(p.get("width")))),
            new Block("counter", "counter modulo n with enable and wrap pulse (Counter)",
                    List.of(new Param("n", 10, 2, 1 << 30, false, "modulus")),
                    p -> new Counter(p.get("n"))),
            new Block("pipe", "valid/data pipeline registers (Pipe)",
                    List.of(DATA_BITS, new Param("latency", 2, 1, 64, false, "stages")),
                    p -> new Pipe<>(new UInt(p.get("width")), p.get("latency"))),
            new Block("state-machine", "a bit-sequence detector built with StateMachine (SequenceDetector)",
                    List.of(new Param("pattern", 0b1011, 0, 65535, false, "bits to detect, first received = MSB"),
                            new Param("length", 4, 1, 16, false, "pattern length")),
                    p -> new SequenceDetector(p.get("pattern"), p.get("length"))),
            new Block("arbiter", "fixed-priority valid/ready arbiter, input 0 first (Arbiter)",
                    STREAMS,
                    p -> new Arbiter<>(p.get("inputs"), new UInt(p.get("width")))),
            new Block("round-robin-arbiter", "round-robin valid/ready arbiter (RoundRobinArbiter)",
                    STREAMS,
                    p -> new RoundRobinArbiter<>(p.get("inputs"), new UInt(p.get("width")))),
            new Block("stream-pipe", "valid/ready register stage at full throughput (StreamPipe)",
                    List.of(DATA_BITS),
                    p -> new StreamPipe<>(new UInt(p.get("width")))),
            new Block("skid-buffer", "valid/ready skid buffer: registered ready, full throughput (SkidBuffer)",
                    List.of(DATA_BITS),
                    p -> new SkidBuffer<>(new UInt(p.get("width")))),
            new Block("stream-fork", "one valid/ready stream to n, each must take the word (StreamFork)",
                    List.of(new Param("outputs", 2, 2, 1024, false, "outputs"), DATA_BITS),
                    p -> new StreamFork<>(p.get("outputs"), new UInt(p.get("width")))),
            new Block("stream-join", "n valid/ready streams to one carrying a word of each (StreamJoin)",
                    List.of(new Param("inputs", 2, 2, 1024, false, "inputs"), new Param("width", 8, 1, 4096, false, "data bits per input")),
                    p -> new StreamJoin<>(p.get("inputs"), new UInt(p.get("width")))),
            new Block("lfsr", "maximal-length linear-feedback shift register (Lfsr)",
                    List.of(new Param("width", 16, 2, Lfsr.MAX_WIDTH, false, "state bits"),
                            new Param("seed", 1, 1, Integer.MAX_VALUE, false, "state after reset, nonzero, fits the width")),
                    p -> new Lfsr(p.get("width"), p.get("seed"))),
            new Block("one-hot-decoder", "index to one-hot lines (OneHotDecoder)",
                    List.of(new Param("outputs", 8, 2, 4096, false, "lines")),
                    p -> new OneHotDecoder(p.get("outputs"))),
            new Block("synchronizer", "flip-flop chain bringing a signal from another clock into clk's (Synchronizer)",
                    List.of(new Param("width", 1, 1, 4096, false, "bits: one, or a value that changes a bit at a time"),
                            new Param("stages", 2, 2, 8, false, "flip-flops")),
                    p -> new Synchronizer(p.get("width"), p.get("stages"))));

    /** Every block, its summary and each parameter's default, legal values and meaning: the text of {@code tagmatch hdl --list}. */
    public static String listing() {
        StringBuilder sb = new StringBuilder();
        for (Block b : BLOCKS) {
            sb.append(String.format("%-18s %s%n", b.name(), b.summary()));
            for (Param p : b.params())
                sb.append(String.format("    %-10s default %-6d legal %s%s  (%s)%n", p.name(), p.defaultValue(),
                        p.powerOfTwo() ? "power of two in " : "", p.min() + ".." + p.max(), p.help()));
        }
        return sb.toString();
    }

    public static List<Block> blocks() {
        return BLOCKS;
    }

    public static Block block(String name) {
        for (Block b : BLOCKS) if (b.name().equals(name)) return b;
        List<String> names = new ArrayList<>();
        for (Block b : BLOCKS) names.add(b.name());
        throw new IllegalArgumentException("unknown block '" + name + "'; blocks are " + names);
    }
}

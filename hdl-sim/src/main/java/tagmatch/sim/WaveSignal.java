package tagmatch.sim;

import java.util.List;
import java.util.function.ToIntFunction;
import tagmatch.hdl.ir.Memory;
import tagmatch.hdl.ir.ModuleDef;
import tagmatch.hdl.ir.Signal;

/**
 * One value a Java backend shows in its waveform: the instance it belongs to ({@code ""} for the
 * top module, else the instance path {@code a.b}), its name as the emitted Verilog declares it,
 * its width, and where the backend keeps it: a slot, or word {@code address} of memory
 * {@code memory} ({@code memory} -1 for a signal). Which values appear follows Verilator's
 * {@code --trace} defaults, so that a test reads the same names from every backend.
 */
public record WaveSignal(String instance, String name, int width, int slot, int memory, int address) {
    /** Verilator's {@code --trace-max-array}: deeper memories are not traced. */
    static final int MAX_DEPTH = 32;

    /**
     * Adds the traced values of one instance of {@code def}: every signal but the temporaries
     * (named {@code _...}, which Verilator hides), and each word of a memory, named
     * {@code mem[i]}, as {@code slot} and {@code memory} locate them in the backend.
     */
    public static void collect(String instance, ModuleDef def, ToIntFunction<Signal> slot, ToIntFunction<Memory> memory,
                               List<WaveSignal> out) {
        for (Signal s : def.signals()) {
            if (!s.name().startsWith("_")) {
                out.add(new WaveSignal(instance, s.name(), s.width(), slot.applyAsInt(s), -1, 0));
            }
        }
        for (Memory m : def.memories()) {
            if (!m.name().startsWith("_") && m.depth() <= MAX_DEPTH) {
                int k = memory.applyAsInt(m);
                for (int a = 0; a < m.depth(); a++) {
                    out.add(new WaveSignal(instance, m.name() + "[" + a + "]", m.width(), -1, k, a));
                }
            }
        }
    }

    /** Words of 64 bits the value takes. */
    public int words() { return (width + 63) / 64; }
}

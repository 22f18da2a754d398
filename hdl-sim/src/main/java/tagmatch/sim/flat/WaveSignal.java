package tagmatch.sim.flat;

import java.util.ArrayList;
import java.util.List;
import java.util.function.IntUnaryOperator;
import tagmatch.hdl.ir.Memory;
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
     * The values shown of every instance of a flattened hierarchy: every signal but the
     * temporaries (named {@code _...}, which Verilator hides), at the slot {@code where} maps
     * the hierarchy's slot to, and each word of a memory, named {@code mem[i]}.
     */
    public static List<WaveSignal> of(InstanceTree h, IntUnaryOperator where) {
        List<WaveSignal> out = new ArrayList<>();
        for (InstanceTree.Scope scope : h.scopes) {
            String instance = scope.instanceName();
            for (Signal s : scope.def.signals()) {
                if (!s.name().startsWith("_")) {
                    out.add(new WaveSignal(instance, s.name(), s.width(), where.applyAsInt(scope.signal(s)), -1, 0));
                }
            }
            for (Memory m : scope.def.memories()) {
                if (!m.name().startsWith("_") && m.depth() <= MAX_DEPTH) {
                    for (int a = 0; a < m.depth(); a++) {
                        out.add(new WaveSignal(instance, m.name() + "[" + a + "]", m.width(), -1, scope.memory(m), a));
                    }
                }
            }
        }
        return out;
    }

    /** Words of 64 bits the value takes. */
    public int words() { return (width + 63) / 64; }
}

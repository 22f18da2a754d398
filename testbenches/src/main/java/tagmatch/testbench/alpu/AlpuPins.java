package tagmatch.testbench.alpu;

import tagmatch.alpu.AlpuConfig;
import tagmatch.alpu.model.PortInputs;
import tagmatch.alpu.model.PortOutputs;

/**
 * Something with the datasheet's ports that advances one clock at a time. Per cycle a bench
 * calls {@link #drive} with every input, reads {@link #sample} (outputs settled for those inputs:
 * {@code req_ready}/{@code cmd_ready} may depend on their valids), then {@link #tick} applies the
 * rising edge. An implementation over a simulator pokes and peeks the datasheet's port names
 * ({@code tagmatch.alpu.rtl.AlpuPorts}); the variant's missing mask input is simply not poked.
 */
public interface AlpuPins extends AutoCloseable {
    AlpuConfig config();

    /** Sets every input for the current cycle. */
    void drive(PortInputs in);

    /** Outputs of the current cycle, after the inputs given to {@link #drive} settled. */
    PortOutputs sample();

    /** The rising edge of {@code clk}. */
    void tick();

    /** Cycles completed. */
    long cycle();

    /** The R9 bound this implementation documents, in cycles with {@code rsp_ready} high. */
    int r9Bound();

    /** What the unit is, for messages (e.g. "model", "verilator"). */
    String describe();

    @Override
    default void close() {}
}

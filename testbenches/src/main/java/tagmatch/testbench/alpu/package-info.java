/**
 * Cycle-level benches for the ALPU: {@link tagmatch.testbench.alpu.AlpuPins} is anything with the
 * datasheet's ports that advances one clock (the Java {@link tagmatch.testbench.alpu.ModelPins}
 * today, the Verilator-simulated RTL through {@code hdl-sim} later);
 * {@link tagmatch.testbench.alpu.AlpuBench} drives it with random and directed traffic under
 * random backpressure and checks every cycle with {@link tagmatch.alpu.model.AlpuScoreboard}.
 */
package tagmatch.testbench.alpu;

/**
 * The Verilator backend: {@link tagmatch.sim.verilator.VerilatorBuild} runs Verilator and the C++
 * compiler over a design plus a generated C-ABI shim ({@link tagmatch.sim.verilator.ShimGenerator}),
 * {@link tagmatch.sim.verilator.BuildCache} keeps the shared libraries by content hash, and
 * {@link tagmatch.sim.verilator.NativeRuntime} binds the one generic runtime through JNA direct
 * mapping that drives every loaded {@link tagmatch.sim.verilator.VerilatorModel}.
 */
package tagmatch.sim.verilator;

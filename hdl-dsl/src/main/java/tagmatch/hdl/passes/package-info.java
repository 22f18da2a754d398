/**
 * Passes over the circuit IR, one concern each: width inference and checks, when-lowering,
 * driver and scope checks, constant folding, combinational-loop detection, name legalization
 * and module deduplication. {@link tagmatch.hdl.passes.Passes} runs them in order.
 */
package tagmatch.hdl.passes;

/**
 * The circuit IR: ground-typed signals, expressions and statements of module definitions.
 * The builder ({@code tagmatch.hdl.core}) produces it, the passes rewrite it, the Verilog
 * backend and the simulators read it. After the standard passes every sink has exactly one
 * unconditional {@link tagmatch.hdl.ir.Stmt.Connect}.
 */
package tagmatch.hdl.ir;

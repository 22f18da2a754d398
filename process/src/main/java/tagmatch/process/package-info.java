/**
 * The one way tagmatch runs an external tool (Verilator, yosys, nextpnr, gcc, qemu, make, ...).
 *
 * <p>Every tool run has the same timeout policy (a default for all, overridable per call and by
 * {@code TAGMATCH_TOOL_TIMEOUT} in seconds), the same environment ({@code LC_ALL=C}, stdin
 * closed), and the same error form: {@link tagmatch.process.ToolException} says which tool,
 * what happened, and for a missing tool which Debian package brings it.
 */
package tagmatch.process;

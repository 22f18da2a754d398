/**
 * The one way tagmatch runs an external tool (Verilator, yosys, nextpnr, gcc, qemu, make, ...),
 * and the one way it makes a temporary directory.
 *
 * <p>Every tool run has the same timeout policy (a default for all, overridable per call and by
 * {@code TAGMATCH_TOOL_TIMEOUT} in seconds), the same environment ({@code LC_ALL=C}, stdin
 * closed), and the same error form: {@link tagmatch.process.ToolException} says which tool,
 * what happened, and for a missing tool which Debian package brings it.
 *
 * <p>Independent tasks run on this machine on one bounded pool ({@link tagmatch.process.WorkerPool}):
 * no more workers than cores and than the memory allows.
 *
 * <p>Every temporary directory ({@link tagmatch.process.ScratchDir}, {@code tagmatch-*}) is removed
 * when its user closes it, and otherwise when the JVM ends, on an error or a signal alike; every
 * tool still running then is killed with its process tree ({@code ExitCleanup}). Nothing here
 * knows about the command line, so every module can use it.
 */
package tagmatch.process;

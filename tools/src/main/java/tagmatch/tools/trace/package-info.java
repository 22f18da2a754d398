/**
 * MPI traces in the DUMPI text format: a streaming ANTLR4 parser ({@link tagmatch.tools.trace.DumpiReader}),
 * the extraction of point-to-point operations per rank, their conversion to per-receiver
 * {@link tagmatch.model.Event} streams ({@link tagmatch.tools.trace.EventStreams}), and the
 * {@code tagmatch trace analyze} command that replays them through the matching strategies.
 */
package tagmatch.tools.trace;

/**
 * MPI traces in the DUMPI text format: a streaming ANTLR4 parser ({@link tagmatch.tools.trace.DumpiReader}),
 * the extraction of point-to-point operations per rank, their conversion to per-receiver
 * {@link tagmatch.model.Event} streams ({@link tagmatch.tools.trace.EventStreams}), and the
 * {@code tagmatch trace analyze} command that replays them through the matching strategies, and
 * {@code tagmatch trace verify} ({@link tagmatch.tools.trace.StatusVerifier}), which judges the
 * reference matcher by the statuses the MPI library recorded.
 */
package tagmatch.tools.trace;

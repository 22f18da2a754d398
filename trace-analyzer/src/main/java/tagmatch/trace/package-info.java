/**
 * MPI traces in the DUMPI text format, usable from Java without the command line:
 * {@link tagmatch.trace.TraceAnalyzer} ({@code analyze(traces, options)}: every matching strategy
 * over the traces' event streams, written as tables and plots), {@link tagmatch.trace.TraceVerifier}
 * (the reference matcher against the statuses the MPI library recorded),
 * {@link tagmatch.trace.TraceReplayer} (the traffic through the ALPU RTL or the firmware) and
 * {@link tagmatch.trace.ParseCheck} (the format checked, the parse timed).
 * Underneath: a streaming reader ({@link tagmatch.trace.DumpiReader}: a hand-written fast path,
 * the ANTLR4 grammar for the rest), the extraction of point-to-point operations per rank, their
 * conversion to per-receiver {@link tagmatch.model.Event} streams
 * ({@link tagmatch.trace.EventStreams}), and two caches (parsed rank files, finished analyses).
 */
package tagmatch.trace;

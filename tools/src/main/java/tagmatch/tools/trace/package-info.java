/**
 * {@code tagmatch trace analyze | parse | replay | verify}: options read and checked, one service
 * of the trace-analyzer module ({@code tagmatch.trace}) called, its text printed.
 */
package tagmatch.tools.trace;

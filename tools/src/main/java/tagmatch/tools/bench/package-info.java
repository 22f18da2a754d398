/**
 * {@code tagmatch bench}: benchmarks that measure a baseline in the same run and print ratios
 * to it; figures go to {@code docs/BENCHMARKS.md} with the command that produced them.
 */
package tagmatch.tools.bench;

/**
 * {@code tagmatch bench}: one adapter per benchmark of the {@code benchmarks} module (and
 * {@code dpa-cluster}'s); each reads its options, runs the benchmark and prints its report.
 * Figures go to {@code docs/BENCHMARKS.md} with the command that produced them.
 */
package tagmatch.tools.bench;

/**
 * The ALPU generator (seed 001 section III): matching cells ({@link tagmatch.alpu.rtl.PrqCell},
 * {@link tagmatch.alpu.rtl.UmqCell}), the cell block with its compaction and delete-by-shift
 * ({@link tagmatch.alpu.rtl.CellBlock}), the oldest match as per-cell delete bits and an AND-OR
 * read ({@link tagmatch.alpu.rtl.OldestMatch}) and the top with its state machine and FIFOs
 * ({@link tagmatch.alpu.rtl.AlpuTop}). {@link tagmatch.alpu.rtl.AlpuRtl} elaborates, names and
 * writes one configuration; {@link tagmatch.alpu.rtl.AlpuTiming} states its cycle figures.
 *
 * <p>Cell order: cell 0 is the youngest position (where INSERT enters), the highest index the
 * oldest. Entries only ever move towards higher indices (a cell takes its younger neighbour's
 * contents), so storage flip-flops need only a clock enable, never a data multiplexer.
 */
package tagmatch.alpu.rtl;

/**
 * The seeds' figures, measured and drawn: seed 001's latency figures 5 (posted receives) and 6
 * (unexpected messages), {@link tagmatch.bench.figure.LatencyFigure}, from the NIC driver's entry
 * counts over the ALPU and a latency model whose parameters default to the seed's; seed 000's
 * figure 8, the ping-pong message rate through the generated handler beside Open MPI,
 * {@link tagmatch.bench.figure.MessageRateFigure} on this host and
 * {@link tagmatch.bench.figure.DpaRateFigure} from the simulated DPA's cycles; seed 003's overlap
 * and bandwidth with the simulated cluster as the NIC, {@link tagmatch.bench.figure.NicOffloadFigure}. Each gives a
 * Markdown table, a CSV and PNG plots ({@code tagmatch figure} writes them).
 */
package tagmatch.bench.figure;

package tagmatch.trace;

/**
 * What replaying one rank's event streams (all its communicators) through a target gave.
 * {@code agree}: posts and arrivals whose result (outcome and partner) equals the reference
 * matcher's; {@code firstDifference} describes the first that did not ({@code null} if none).
 * ALPU fields: operations the ALPUs answered alone ({@code alpuOnly}) versus those that also
 * searched the software part of a list ({@code softwareSearched}), clock cycles of both units,
 * insert batches. Firmware fields: otm_stats' conflicts, fast and slow paths, messages of
 * in-order blocks, fallbacks (a full table), and blocks of concurrent arrivals. Fields of the other target are 0.
 */
public record RankReplay(int rank, int streams, long posts, long arrivals, long agree, String firstDifference,
                         long alpuOnly, long softwareSearched, long cycles, long batches,
                         long conflicts, long fastPath, long slowPath, long inOrder, long fallbacks, long blocks) {

    public long operations() {
        return posts + arrivals;
    }

    public boolean allAgree() {
        return agree == operations();
    }

    /** ALPU clock cycles per post or arrival (both units together). */
    public double cyclesPerOperation() {
        return operations() == 0 ? 0 : (double) cycles / operations();
    }

    /** Two ranks' figures together (rank -1). */
    RankReplay plus(RankReplay o) {
        return new RankReplay(-1, streams + o.streams, posts + o.posts, arrivals + o.arrivals, agree + o.agree,
                firstDifference != null ? firstDifference : o.firstDifference, alpuOnly + o.alpuOnly,
                softwareSearched + o.softwareSearched, cycles + o.cycles, batches + o.batches, conflicts + o.conflicts,
                fastPath + o.fastPath, slowPath + o.slowPath, inOrder + o.inOrder, fallbacks + o.fallbacks, blocks + o.blocks);
    }

    RankReplay withRank(int r) {
        return new RankReplay(r, streams, posts, arrivals, agree, firstDifference, alpuOnly, softwareSearched, cycles, batches,
                conflicts, fastPath, slowPath, inOrder, fallbacks, blocks);
    }

    public static RankReplay empty(int rank) {
        return new RankReplay(rank, 0, 0, 0, 0, null, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0);
    }
}

/**
 * Seed 003's overlap engine as matchers: a hardware list of E posted receives (the NIC's tag
 * matching, which also starts the rendezvous transfer) with software behind it, under four
 * policies that decide which receives go to the hardware and keep MPI's order while some stay in
 * software: {@code naive} (hardware matching held back while software holds a receive or an
 * unexpected message, Open MPI with UCX, seed 003 §4.1, §4.2 and §5.2), {@code seqnum}
 * (sequence numbers in the hardware tag, §5.2), {@code adaptive} (sequence numbers plus the
 * δ &gt; K rule and the cancel-rate cut-off, §5.1) and {@code ordered} (the hardware holds the oldest entries, seed 001's ALPU). Each is exact against
 * {@link tagmatch.model.ReferenceMatcher} and counts what it offloaded, matched in software and
 * cancelled ({@link tagmatch.model.offload.OffloadCounts}). Beside them, §5.3's decision to
 * prefetch unexpected rendezvous messages into a memory pool ({@link tagmatch.model.offload.Prefetcher}).
 */
package tagmatch.model.offload;

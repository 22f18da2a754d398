package tagmatch.trace;

import java.util.List;
import tagmatch.model.Capacities;
import tagmatch.model.Event;
import tagmatch.model.InputRules;
import tagmatch.model.offload.OffloadCounts;
import tagmatch.model.offload.OffloadEngine;
import tagmatch.model.offload.OffloadEngines;
import tagmatch.model.offload.OffloadPolicy;
import tagmatch.model.offload.OffloadSettings;
import tagmatch.model.offload.PrefetchCounts;
import tagmatch.model.offload.PrefetchSettings;
import tagmatch.model.offload.Prefetcher;
import tagmatch.model.offload.ProgressCalls;
import tagmatch.model.offload.SizedWorkload;
import tagmatch.model.offload.Stencil3d;
import tagmatch.model.offload.Transfer;

/**
 * One application's line of {@code tagmatch trace offload}: its streams run through an offload
 * engine (one per rank and communicator, as every communicator has its own matching), the
 * counts summed, and why nothing was offloaded when nothing was.
 *
 * @param unknownSize receives whose size the trace cannot tell (a derived datatype in a trace
 *                    written before the tracer recorded bytes)
 * @param largestReceive the largest receive buffer of known size, in bytes (-1: none)
 * @param prefetch §5.3's prefetch decision over the same streams ({@link Prefetcher}, whatever the policy)
 */
public record OffloadRow(String application, int ranks, OffloadCounts counts, long unknownSize, long largestReceive, PrefetchCounts prefetch) {

    /**
     * Runs every stream of {@code logs} through a fresh engine of {@code policy}, its receiver
     * progressing at {@code progress}, and through the prefetch decision.
     */
    public static OffloadRow ofTrace(String application, List<RankLog> logs, OffloadPolicy policy, OffloadSettings settings,
                                     PrefetchSettings prefetchSettings, ProgressCalls progress) {
        OffloadCounts total = new OffloadCounts();
        PrefetchCounts prefetch = PrefetchCounts.NONE;
        long unknown = 0, largest = -1;
        for (EventStream s : EventStreams.build(logs).streams()) {
            OffloadEngine engine = OffloadEngines.create(policy, settings, Capacities.UNBOUNDED, InputRules.DEFAULT, s.byId(), progress);
            for (Event e : s.events()) engine.apply(e);
            total.add(engine.counts());
            prefetch = prefetch.plus(Prefetcher.run(new SizedWorkload(application, s.events(), s.byId()), settings, prefetchSettings).counts());
            for (int i = 0; i < s.events().size(); i++) {
                if (!(s.events().get(i) instanceof Event.Post p)) continue;
                Transfer t = s.transfers().get((int) p.id());
                if (t.bytes() < 0) unknown++;
                largest = Math.max(largest, t.bytes());
            }
        }
        return new OffloadRow(application, logs.size(), total, unknown, largest, prefetch);
    }

    /** Seed 003 §6.3's 3D stencil, generated ({@link Stencil3d}). */
    public static OffloadRow ofStencil(Stencil3d.Spec spec, OffloadPolicy policy, OffloadSettings settings, PrefetchSettings prefetchSettings,
                                       ProgressCalls progress) {
        OffloadCounts total = new OffloadCounts();
        PrefetchCounts prefetch = PrefetchCounts.NONE;
        List<SizedWorkload> ranks = Stencil3d.generate(spec);
        for (SizedWorkload w : ranks) {
            total.add(w.run(OffloadEngines.create(policy, settings, Capacities.UNBOUNDED, InputRules.DEFAULT, w.transfers(), progress)));
            prefetch = prefetch.plus(Prefetcher.run(w, settings, prefetchSettings).counts());
        }
        return new OffloadRow("stencil-3d (generated)", ranks.size(), total, 0, spec.faceBytes(), prefetch);
    }

    /** Why the row offloads nothing, or "" when it offloads something. */
    public String note(OffloadSettings settings) {
        if (counts.offloaded() > 0) return "";
        if (counts.receives() == 0) return "no receives";
        if (counts.rendezvousReceives() == 0) {
            if (unknownSize == counts.receives()) return "no receive of known size (datatypes the footer does not size, no bytes recorded)";
            return "no receive of " + settings.rndvThreshold() + " bytes or more (largest " + largestReceive + ")"
                    + (unknownSize > 0 ? "; " + unknownSize + " of unknown size" : "");
        }
        return "rendezvous receives are all non-contiguous, wildcard or late";
    }
}

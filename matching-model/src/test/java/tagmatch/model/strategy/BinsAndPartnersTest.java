package tagmatch.model.strategy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import tagmatch.model.Capacities;
import tagmatch.model.Event;
import tagmatch.model.Matcher;
import tagmatch.model.Matchers;
import tagmatch.model.ReferenceMatcher;
import tagmatch.model.workload.Workload;
import tagmatch.model.workload.WorkloadSpec;
import tagmatch.model.workload.Workloads;

/** Costs behave as the seeds describe: bins shorten chains (seed 000 V), partners shorten searches (seed 004). */
class BinsAndPartnersTest {
    @Test
    void moreBinsShortenTheChainsSearched() {
        Workload w = Workloads.generate(WorkloadSpec.of("no-conflict").withSize(256).withPeers(16).withRounds(2));
        double previous = Double.MAX_VALUE;
        for (int bins : new int[] {1, 32, 128}) {
            Matcher m = Strategies.create("four-index", StrategyOptions.defaults().withBins(bins));
            Matchers.run(m, w.events());
            double mean = m.costs().binDepthMean();
            assertTrue(mean < previous, bins + " bins: mean bin depth " + mean + " not below " + previous);
            previous = mean;
        }
        assertTrue(previous < 2.0, "128 bins should leave short chains, got " + previous);
    }

    @Test
    void aReceiveSearchesOnlyTheIndexOfItsWildcardKind() {
        Matcher m = Strategies.create("four-index", StrategyOptions.defaults().withBins(128));
        for (int t = 0; t < 50; t++) m.arrive(new Event.Arrive(t, 0, 1, t));
        m.arrive(new Event.Arrive(50, 0, 2, 7));
        long before = m.costs().inspected();
        assertEquals(tagmatch.model.Result.matched(50), m.post(new Event.Post(100, 0, 2, -1)));
        assertEquals(1, m.costs().inspected() - before, "the (comm, source) bin of source 2 holds one message");
        before = m.costs().inspected();
        assertEquals(tagmatch.model.Result.matched(7), m.post(new Event.Post(101, 0, -1, 7)));
        assertEquals(1, m.costs().inspected() - before, "the (comm, tag) bin of tag 7: the oldest is first");
        before = m.costs().inspected();
        assertEquals(tagmatch.model.Result.matched(0), m.post(new Event.Post(102, 0, -1, -1)));
        assertEquals(1, m.costs().inspected() - before, "the arrival-order list: the head");
    }

    /** Source 0 sends 90% of the messages, sources 1..9 the rest; nobody posts receives yet. */
    private static List<Event> heavySender() {
        List<Event> events = new ArrayList<>();
        long id = 0;
        for (int i = 0; i < 400; i++) events.add(new Event.Arrive(id++, 0, i % 10 == 0 ? 1 + (i / 10) % 9 : 0, i % 7));
        events.add(new Event.BlockEnd());
        for (int i = 0; i < 400; i++) events.add(new Event.Post(id++, 0, i % 10 == 0 ? -1 : (i % 3 == 0 ? 0 : 1 + i % 9), -1));
        return events;
    }

    @Test
    void dynamicPartnersAreExtractedAndCutTheSearch() {
        List<Event> events = heavySender();
        StrategyOptions o = StrategyOptions.defaults().withPartners(PartnerSettings.defaults().withThreshold(50));
        PartnerMatcher dyn = (PartnerMatcher) Strategies.create("partner-dynamic", o);
        Matcher list = Strategies.create("linked-list", o);
        List<?> expected = Matchers.run(new ReferenceMatcher(Capacities.UNBOUNDED), events);
        assertEquals(expected, Matchers.run(dyn, events));
        assertEquals(expected, Matchers.run(list, events));
        assertEquals(1, dyn.partnerCounts()[1], "source 0 becomes the one unexpected-queue partner");
        assertTrue(dyn.costs().inspected() < list.costs().inspected(),
                dyn.costs().inspected() + " inspected vs linked-list " + list.costs().inspected());
    }

    @Test
    void staticProfileSelectsTheHeavySender() {
        PartnerSettings s = PartnerSettings.defaults().profile(heavySender(), Capacities.UNBOUNDED);
        assertEquals(Set.of(0), s.staticPartners());
        PartnerMatcher st = (PartnerMatcher) Strategies.create("partner-static", StrategyOptions.defaults().withPartners(s));
        assertEquals(Matchers.run(new ReferenceMatcher(Capacities.UNBOUNDED), heavySender()), Matchers.run(st, heavySender()));
        assertEquals(1, st.partnerCounts()[1]);
    }

    @Test
    void edgeMetricsFollowSeed004() {
        long[] counts = {1, 2, 3, 4, 100};
        assertEquals(22.0, EdgeMetric.AVERAGE.edge(counts, 0), 1e-9);
        assertEquals(3.0, EdgeMetric.MEDIAN.edge(counts, 0), 1e-9);
        assertEquals(4.0 + 1.5 * 2.0, EdgeMetric.UPPER_FENCE.edge(counts, 1.5), 1e-9);
    }
}

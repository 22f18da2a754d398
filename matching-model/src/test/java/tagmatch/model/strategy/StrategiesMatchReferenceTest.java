package tagmatch.model.strategy;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import tagmatch.model.Capacities;
import tagmatch.model.Event;
import tagmatch.model.Hints;
import tagmatch.model.Matcher;
import tagmatch.model.Matchers;
import tagmatch.model.ReferenceMatcher;
import tagmatch.model.Result;
import tagmatch.model.workload.Workload;
import tagmatch.model.workload.WorkloadSpec;
import tagmatch.model.workload.Workloads;

/** Property: on random workloads of every kind, every strategy gives exactly the reference's results. */
class StrategiesMatchReferenceTest {
    private static final int SEEDS_PER_KIND = 8000;

    @Test
    void everyStrategyEqualsTheReferenceOnThousandsOfSeedsOfEveryKind() {
        long checked = 0;
        long conflicts = 0, fast = 0, slow = 0, partnersExtracted = 0, full = 0;
        for (String kind : Workloads.kinds()) {
            for (int seed = 0; seed < SEEDS_PER_KIND; seed++) {
                SplittableRandom rng = new SplittableRandom(seed * 31L + kind.hashCode());
                Hints hints = seed % 4 == 0 ? Hints.NO_WILDCARDS
                        : seed % 4 == 1 ? new Hints(rng.nextBoolean(), rng.nextBoolean()) : Hints.NONE;
                WorkloadSpec spec = WorkloadSpec.of(kind)
                        .withSize(1 + rng.nextInt(24))
                        .withRounds(1 + rng.nextInt(3))
                        .withPeers(1 + rng.nextInt(6))
                        .withBlockSize(1 + rng.nextInt(8))
                        .withWildcardMix(rng.nextDouble())
                        .withComms(1 + rng.nextInt(3))
                        .withHints(hints)
                        .withSeed(seed);
                Workload w = Workloads.generate(spec);
                // Small capacities a quarter of the time, so FULL is exercised and must agree too.
                Capacities caps = seed % 4 == 3 ? new Capacities(1 + rng.nextInt(8), 1 + rng.nextInt(8)) : Capacities.UNBOUNDED;
                StrategyOptions opts = StrategyOptions.defaults()
                        .withCapacities(caps)
                        .withBins(1 << rng.nextInt(5))
                        .withThreads(1 + rng.nextInt(10)) // independent of the block size: blocks also close after N
                        .withPartners(PartnerSettings.defaults().withThreshold(1 + rng.nextInt(6))
                                .withMetric(EdgeMetric.values()[rng.nextInt(3)]));
                List<Result> expected = Matchers.run(new ReferenceMatcher(caps), w.events());
                full += expected.stream().filter(r -> r.equals(Result.FULL)).count();
                for (String name : Strategies.names()) {
                    if (!Strategies.accepts(name, hints)) continue;
                    StrategyOptions o = name.equals("partner-static")
                            ? opts.withPartners(opts.partners().profile(w.events(), caps)) : opts;
                    Matcher m = Strategies.create(name, o);
                    List<Result> actual = Matchers.run(m, w.events());
                    if (!expected.equals(actual)) {
                        fail(name + " differs from the reference on " + spec + " with " + o + ": first difference at "
                                + firstDifference(expected, actual, w.events()));
                    }
                    checked++;
                    if (m instanceof OptimisticMatcher) {
                        conflicts += m.costs().conflicts();
                        fast += m.costs().fastPath();
                        slow += m.costs().slowPath();
                    }
                    if (m instanceof PartnerMatcher pm && name.equals("partner-dynamic")) {
                        partnersExtracted += pm.partnerCounts()[0] + pm.partnerCounts()[1];
                    }
                }
            }
        }
        // The runs must actually reach the interesting paths, or equality would prove little.
        String reached = "checked " + checked + ", conflicts " + conflicts + ", fast " + fast + ", slow " + slow
                + ", partners " + partnersExtracted + ", full " + full;
        assertTrue(checked > 400_000, reached);
        assertTrue(conflicts > 10_000 && fast > 1_000 && slow > 1_000, reached);
        assertTrue(partnersExtracted > 1_000 && full > 1_000, reached);
        System.out.println("StrategiesMatchReferenceTest: " + reached);
    }

    @Test
    void everyStrategyEqualsTheReferenceAtMediumSizes() {
        for (String kind : Workloads.kinds()) {
            for (int seed = 0; seed < 60; seed++) {
                SplittableRandom rng = new SplittableRandom(seed * 131L + kind.hashCode());
                WorkloadSpec spec = WorkloadSpec.of(kind).withSize(50 + rng.nextInt(400)).withRounds(1 + rng.nextInt(3))
                        .withPeers(1 + rng.nextInt(40)).withBlockSize(1 + rng.nextInt(64))
                        .withWildcardMix(rng.nextDouble() * 0.3).withComms(1 + rng.nextInt(2))
                        .withHints(seed % 3 == 0 ? Hints.NO_WILDCARDS : Hints.NONE).withSeed(seed);
                Workload w = Workloads.generate(spec);
                Capacities caps = seed % 5 == 4 ? new Capacities(20 + rng.nextInt(100), 20 + rng.nextInt(100))
                        : Capacities.UNBOUNDED;
                StrategyOptions opts = StrategyOptions.defaults().withCapacities(caps).withBins(1 << rng.nextInt(8))
                        .withThreads(spec.blockSize())
                        .withPartners(PartnerSettings.defaults().withThreshold(5 + rng.nextInt(60)));
                List<Result> expected = Matchers.run(new ReferenceMatcher(caps), w.events());
                for (String name : Strategies.names()) {
                    if (!Strategies.accepts(name, spec.hints())) continue;
                    StrategyOptions o = name.equals("partner-static")
                            ? opts.withPartners(opts.partners().profile(w.events(), caps)) : opts;
                    List<Result> actual = Matchers.run(Strategies.create(name, o), w.events());
                    if (!expected.equals(actual)) {
                        fail(name + " differs from the reference on " + spec + " with " + o + ": first difference at "
                                + firstDifference(expected, actual, w.events()));
                    }
                }
            }
        }
    }

    static String firstDifference(List<Result> expected, List<Result> actual, List<Event> events) {
        int k = 0;
        for (Event e : events) {
            if (e instanceof Event.BlockEnd) continue;
            if (k >= actual.size() || !expected.get(k).equals(actual.get(k))) {
                return "op " + k + " " + e + ": expected " + expected.get(k) + ", got "
                        + (k < actual.size() ? actual.get(k) : "nothing");
            }
            k++;
        }
        return "none";
    }
}

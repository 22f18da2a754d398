package tagmatch.model.offload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import tagmatch.model.Capacities;
import tagmatch.model.Event;
import tagmatch.model.Hints;
import tagmatch.model.InputRules;
import tagmatch.model.Matchers;
import tagmatch.model.ReferenceMatcher;
import tagmatch.model.Result;
import tagmatch.model.workload.Workload;
import tagmatch.model.workload.WorkloadSpec;
import tagmatch.model.workload.Workloads;

/**
 * Property: on the random workloads of every kind the strategies are judged on (the same
 * generator and parameter ranges as {@code StrategiesMatchReferenceTest}), with random sizes,
 * datatypes, times and progress-call intervals, every offload policy at every hardware size gives exactly the reference's
 * results, the naive engine never cancels (§4.2); and the runs reach offloads, hardware matches,
 * software matches and cancels.
 */
class OffloadEnginesMatchReferenceTest {
    private static final int SEEDS_PER_KIND = 1200;

    /** Sizes around a 1000-byte threshold, a fifth non-contiguous, times in call order with jitter. */
    static Transfers randomTransfers(List<Event> events, SplittableRandom rng) {
        List<Transfer> t = new ArrayList<>();
        long time = 0;
        for (Event e : events) {
            if (e instanceof Event.BlockEnd) continue;
            time += 1 + rng.nextInt(2000);
            t.add(new Transfer(rng.nextInt(4) == 0 ? rng.nextInt(1000) : 1000 + rng.nextInt(100_000), rng.nextInt(5) != 0, time));
        }
        return Transfers.byIndex(t);
    }

    @Test
    void everyPolicyEqualsTheReferenceOnThousandsOfSeedsOfEveryKind() {
        long checked = 0;
        OffloadCounts total = new OffloadCounts();
        long suspensions = 0;
        for (String kind : Workloads.kinds()) {
            for (int seed = 0; seed < SEEDS_PER_KIND; seed++) {
                SplittableRandom rng = new SplittableRandom(seed * 37L + kind.hashCode());
                Hints hints = seed % 4 == 0 ? Hints.NO_WILDCARDS : Hints.NONE;
                WorkloadSpec spec = WorkloadSpec.of(kind).withSize(1 + rng.nextInt(24)).withRounds(1 + rng.nextInt(3))
                        .withPeers(1 + rng.nextInt(6)).withBlockSize(1 + rng.nextInt(8)).withWildcardMix(rng.nextDouble())
                        .withComms(1 + rng.nextInt(3)).withHints(hints).withSeed(seed);
                Workload w = Workloads.generate(spec);
                Transfers transfers = randomTransfers(w.events(), rng);
                Capacities caps = seed % 4 == 3 ? new Capacities(1 + rng.nextInt(8), 1 + rng.nextInt(8)) : Capacities.UNBOUNDED;
                OffloadSettings settings = OffloadSettings.defaults().withHwEntries(rng.nextInt(10)).withRndvThreshold(1000)
                        .withLogGp(rng.nextDouble() * 0.1, rng.nextInt(3000)).withCancelCutoff(1 + rng.nextInt(40), rng.nextDouble());
                ProgressCalls progress = seed % 2 == 0 ? ProgressCalls.CONTINUOUS : ProgressCalls.every(1 + rng.nextInt(5000));
                List<Result> expected = Matchers.run(new ReferenceMatcher(caps), w.events());
                for (OffloadPolicy policy : OffloadPolicy.values()) {
                    OffloadEngine engine = OffloadEngines.create(policy, settings, caps, InputRules.DEFAULT, transfers, progress);
                    List<Result> actual = Matchers.run(engine, w.events());
                    if (!expected.equals(actual)) {
                        fail(policy.cliName() + " differs from the reference on " + spec + " with " + settings + ": first difference at "
                                + firstDifference(expected, actual, w.events()));
                    }
                    OffloadCounts c = engine.counts();
                    long matchedReceives = expected.stream().filter(r -> r.outcome() == tagmatch.model.Outcome.MATCHED).count();
                    assertEquals(matchedReceives, c.hardwareMatched() + c.softwareMatched(), policy + ": every match is counted once");
                    assertTrue(c.hardwareMatched() + c.cancelled() <= c.offloaded(), policy + ": " + c);
                    if (policy == OffloadPolicy.NAIVE) assertEquals(0, c.cancelled(), "§4.2: naive offloads nothing while a message waits: " + c);
                    total.add(c);
                    if (engine instanceof AdaptiveOffload a) suspensions += a.suspensions();
                    checked++;
                }
            }
        }
        String reached = "checked " + checked + ", " + total + ", suspensions " + suspensions;
        assertTrue(total.offloaded() > 20_000 && total.hardwareMatched() > 10_000 && total.cancelled() > 1_000, reached);
        assertTrue(total.softwareMatched() > 10_000 && suspensions > 100, reached);
        System.out.println("OffloadEnginesMatchReferenceTest: " + reached);
    }

    static String firstDifference(List<Result> expected, List<Result> actual, List<Event> events) {
        int k = 0;
        for (Event e : events) {
            if (e instanceof Event.BlockEnd) continue;
            if (k >= actual.size() || !expected.get(k).equals(actual.get(k))) {
                return "op " + k + " " + e + ": expected " + expected.get(k) + ", got " + (k < actual.size() ? actual.get(k) : "nothing");
            }
            k++;
        }
        return "none";
    }
}

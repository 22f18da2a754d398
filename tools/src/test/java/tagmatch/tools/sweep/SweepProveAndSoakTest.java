package tagmatch.tools.sweep;

import tagmatch.eda.sweep.ProveStep;
import tagmatch.eda.sweep.ResultLine;
import tagmatch.eda.sweep.ResultStore;
import tagmatch.eda.sweep.Steps;
import tagmatch.eda.sweep.Task;
import tagmatch.eda.sweep.TaskVerdict;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tagmatch.tools.CliRun;

/**
 * The {@code prove} step answers for every configuration (a proof, or a skip naming the missing
 * ALPU target of {@code tagmatch prove}); a soak split by seeds over shards runs each seed once and
 * merges into the same lines and report as the unsplit soak.
 */
class SweepProveAndSoakTest {
    private static final String[] TINY = {"--cells", "4", "--block", "2", "--match-width", "3", "--tag-width", "2"};

    private static String[] args(String... extra) {
        List<String> a = new java.util.ArrayList<>(List.of("sweep"));
        a.addAll(List.of(TINY));
        a.addAll(List.of(extra));
        return a.toArray(String[]::new);
    }

    @Test
    void theProveStepProvesWhereTagmatchProveHasAnAlpuTargetAndSaysSoWhereNot(@TempDir Path dir) throws Exception {
        Path out = dir.resolve("out");
        CliRun sweep = new CliRun();
        int exit = sweep.run(args("--variant", "prq,umq", "--steps", "prove", "--prove-depth", "2", "--out", out.toString()));
        ResultStore store = ResultStore.existing(out);
        for (String v : List.of("prq", "umq")) {
            Task task = new Task(tagmatch.alpu.AlpuConfig.of(4, 2, 3, 2, tagmatch.alpu.Variant.valueOf(v.toUpperCase())).withFifoDepths(4, 4, 4),
                    Steps.named("prove"), 0);
            ResultLine l = store.read(v + "-4x2-m3-t2-f4.prove").orElseThrow();
            if (ProveStep.target(task).isEmpty()) {
                assertEquals(TaskVerdict.SKIP, l.verdict(), l.toString());
                assertEquals("no proof: tagmatch prove has no ALPU target alpu-" + v + " yet (tagmatch prove --list)", l.message());
                assertTrue(sweep.out.toString().contains("  skipped: " + v + "-4x2-m3-t2-f4.prove (no proof: tagmatch prove has no ALPU target"),
                        sweep.out.toString());
            } else {
                // A target exists: the proof ran on this configuration at the asked depth.
                assertTrue(l.verdict() == TaskVerdict.PASS || l.verdict() == TaskVerdict.FAIL, l.toString());
                assertEquals("alpu-" + v, l.figures().get("target"));
                assertEquals(2, l.number("depth").intValue());
                assertTrue(l.number("assertions") > 0, l.toString());
            }
        }
        boolean anyFail = store.all().stream().anyMatch(l -> l.verdict() == TaskVerdict.FAIL || l.verdict() == TaskVerdict.ERROR);
        assertEquals(anyFail ? 1 : 0, exit, sweep.out + "" + sweep.err);
        assertTrue(Files.readString(out.resolve("sweep.args")).contains("--prove-depth=2\n"));
    }

    @Test
    void aSoakSplitBySeedsOverShardsRunsEachSeedOnceAndMergesLikeTheWholeSoak(@TempDir Path dir) throws Exception {
        Path split = dir.resolve("split");
        String[] soak = {"--steps", "cosim", "--seeds", "1..4", "--ops", "2000", "--jobs", "1"};
        for (int i = 1; i <= 2; i++) {
            CliRun shard = new CliRun();
            String[] a = java.util.stream.Stream.concat(java.util.Arrays.stream(args(soak)),
                    java.util.stream.Stream.of("--shard", i + "/2", "--out", split.toString())).toArray(String[]::new);
            assertEquals(0, shard.run(a), shard.out + "" + shard.err);
            assertTrue(shard.out.toString().contains("4 tasks; shard " + i + "/2: 2 tasks, 0 already done, 2 to run"), shard.out.toString());
            List<Long> seeds = ResultStore.existing(split).all().stream().map(ResultLine::seed).sorted().toList();
            assertEquals(i == 1 ? List.of(1L, 3L) : List.of(1L, 2L, 3L, 4L), seeds, "round robin over the seeds in order");
        }
        Path whole = dir.resolve("whole");
        CliRun one = new CliRun();
        assertEquals(0, one.run(java.util.stream.Stream.concat(java.util.Arrays.stream(args(soak)), java.util.stream.Stream.of("--out",
                whole.toString())).toArray(String[]::new)), one.out + "" + one.err);
        assertEquals(SlurmSweepTest.lines(whole), SlurmSweepTest.lines(split));

        CliRun r1 = new CliRun();
        CliRun r2 = new CliRun();
        assertEquals(0, r1.run("sweep", "report", split.toString()), r1.out + "" + r1.err);
        assertEquals(0, r2.run("sweep", "report", whole.toString()), r2.out + "" + r2.err);
        String csv = Files.readString(split.resolve("report").resolve("sweep.csv"));
        assertEquals(Files.readString(whole.resolve("report").resolve("sweep.csv")), csv);
        long cycles = 0;
        for (ResultLine l : ResultStore.existing(split).all()) cycles += l.number("cycles").longValue();
        assertTrue(csv.contains(",4/4,8000," + cycles + ","), "the four soaks' transfers and cycles summed: " + csv);
    }
}

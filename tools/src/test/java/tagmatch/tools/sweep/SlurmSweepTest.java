package tagmatch.tools.sweep;

import tagmatch.eda.sweep.ResultLine;
import tagmatch.eda.sweep.ResultStore;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tagmatch.process.Exec;
import tagmatch.tools.CliRun;

/**
 * A real single-node Slurm (munge, slurmctld, slurmd on localhost, started by
 * {@code scripts/slurm-local.sh} as root) runs a small sweep as a job array; its merged report
 * and every result line (run time, host and date aside) equal those of the same sweep run here.
 */
class SlurmSweepTest {
    private static final Path SCRIPT = Path.of("..", "scripts", "slurm-local.sh").toAbsolutePath().normalize();
    private static boolean started;

    /** Two configurations, rtl, synth and a two-seed soak: eight tasks over three array tasks. */
    private static final List<String> SWEEP = List.of("sweep", "--variant", "prq,umq", "--cells", "8", "--block", "2",
            "--match-width", "4", "--tag-width", "2", "--seeds", "1..2", "--ops", "2000");

    @BeforeAll
    static void startSlurm() {
        String out = Exec.of(SCRIPT.toString(), "start").hint("slurmctld slurmd slurm-client munge").timeout(Duration.ofMinutes(3)).check();
        started = out.strip().endsWith("started");
    }

    @AfterAll
    static void stopSlurm() {
        if (started) Exec.of(SCRIPT.toString(), "stop").timeout(Duration.ofMinutes(1)).check();
    }

    private static String[] args(Path out, String... extra) {
        List<String> a = new ArrayList<>(SWEEP);
        a.addAll(List.of("--out", out.toString()));
        a.addAll(List.of(extra));
        return a.toArray(String[]::new);
    }

    /** Every result line without the fields that say when, where and how long (what two runs of one sweep share). */
    static Map<String, JsonNode> lines(Path out) throws Exception {
        Map<String, JsonNode> m = new TreeMap<>();
        for (ResultLine l : ResultStore.existing(out).all()) {
            ObjectNode n = ResultStore.JSON.valueToTree(l);
            n.remove(List.of("seconds", "host", "finished"));
            m.put(l.key(), n);
        }
        return m;
    }

    @Test
    void aJobArrayGivesTheSameResultsAsTheSameSweepRunHere(@TempDir Path dir) throws Exception {
        Path viaSlurm = dir.resolve("slurm");
        CliRun slurm = new CliRun();
        assertEquals(0, slurm.run(args(viaSlurm, "--slurm", "--array-tasks", "3", "--cpus-per-task", "1", "--mem-per-task", "1024",
                "--time-limit", "20:00", "--poll", "1")), slurm.out + "" + slurm.err);
        String said = slurm.out.toString();
        assertTrue(said.contains("sweep: 8 tasks in 3 array tasks: submitted job "), said);
        assertTrue(said.contains("sweep: 8 of 8 tasks pass, 0 failed, 0 missing"), said);
        for (int i = 1; i <= 3; i++) {
            String log = Files.readString(viaSlurm.resolve("slurm").resolve("shard-" + i + ".log"));
            int tasks = i == 3 ? 2 : 3;
            assertTrue(log.contains("shard " + i + "/3: " + tasks + " tasks, 0 already done, " + tasks + " to run on 1 workers"), log);
        }

        Path here = dir.resolve("local");
        CliRun local = new CliRun();
        assertEquals(0, local.run(args(here)), local.out + "" + local.err);

        CliRun r1 = new CliRun();
        CliRun r2 = new CliRun();
        assertEquals(0, r1.run("sweep", "report", viaSlurm.toString()), r1.err.toString());
        assertEquals(0, r2.run("sweep", "report", here.toString()), r2.err.toString());
        for (String f : List.of("sweep.md", "sweep.csv")) {
            assertEquals(Files.readString(here.resolve("report").resolve(f)), Files.readString(viaSlurm.resolve("report").resolve(f)), f);
        }
        assertEquals(lines(here), lines(viaSlurm));
        assertEquals(8, lines(here).size());
    }
}

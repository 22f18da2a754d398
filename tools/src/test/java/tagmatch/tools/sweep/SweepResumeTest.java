package tagmatch.tools.sweep;

import tagmatch.eda.sweep.SlurmRunner;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tagmatch.process.Exec;
import tagmatch.tools.CliRun;

/**
 * A sweep killed midway (SIGKILL, as a node failure or {@code scancel} would) and run again
 * completes only what was missing; a failed task stays failed until {@code --retry-failed}.
 */
class SweepResumeTest {
    /** Four tiny configurations through rtl and synth: eight tasks, one worker, so they finish one by one. */
    private static final List<String> SWEEP = List.of("sweep", "--block", "2", "--match-width", "4", "--tag-width", "2",
            "--steps", "rtl,synth", "--jobs", "1");
    private static final String[] FOUR = {"--variant", "prq,umq", "--cells", "4,8"};
    private static final String[] ONE = {"--variant", "umq", "--cells", "4"};

    private static List<String> args(Path out, String... extra) {
        List<String> a = new ArrayList<>(SWEEP);
        a.addAll(List.of("--out", out.toString()));
        a.addAll(List.of(extra));
        return a;
    }

    /**
     * tagmatch in a child JVM with this test's class path. Its temporary directory is inside the
     * test's own: a child killed with SIGKILL cannot remove its scratch directories, so they go
     * where JUnit removes them.
     */
    private static Process start(Path dir, Path out, Path log, Map<String, String> env, String... extra) throws IOException {
        Path tmp = Files.createDirectories(dir.resolve("tmp"));
        List<String> cmd = new ArrayList<>(SlurmRunner.command(Files.createDirectories(dir.resolve("pin")), tagmatch.tools.Main.class.getName()));
        cmd.add(1, "-Djava.io.tmpdir=" + tmp);
        cmd.addAll(args(out, extra));
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(log.toFile());
        pb.environment().putAll(env);
        return pb.start();
    }

    /**
     * A directory with a stand-in yosys for the child's PATH: version queries and the first
     * synthesis go to the real yosys, every later synthesis makes {@code held} and sleeps until
     * the test kills the sweep. So the sweep is midway when it is killed, whatever the timing.
     */
    private static Path gate(Path dir, Path held) throws IOException {
        Path yosys = Exec.which("yosys").orElseThrow(() -> new AssertionError("'yosys' was not found on PATH; install it with `apt-get install yosys`"));
        Path bin = Files.createDirectories(dir.resolve("gate"));
        Path script = bin.resolve("yosys");
        Files.writeString(script, "#!/bin/sh\n"
                + "case \"$1\" in -V) exec '" + yosys + "' \"$@\" ;; esac\n"
                + "if mkdir '" + dir.resolve("passed") + "' 2>/dev/null; then exec '" + yosys + "' \"$@\"; fi\n"
                + "touch '" + held + "'\n"
                + "exec sleep 3600\n");
        assertTrue(script.toFile().setExecutable(true), script.toString());
        return bin;
    }

    private static Map<String, String> lines(Path out) throws IOException {
        Map<String, String> m = new TreeMap<>();
        try (Stream<Path> s = Files.list(out.resolve("results"))) {
            for (Path p : s.toList()) m.put(p.getFileName().toString(), Files.readString(p));
        }
        return m;
    }

    @Test
    void aKilledSweepRerunCompletesOnlyWhatWasMissing(@TempDir Path dir) throws Exception {
        Path out = dir.resolve("out");
        Path log = dir.resolve("child.log");
        Path held = dir.resolve("held");
        Process child = start(dir, out, log, Map.of("PATH", gate(dir, held) + File.pathSeparator + System.getenv("PATH")), FOUR);
        // Killed while its second synthesis is held: rtl and synth of the first configuration and rtl of the
        // second are done. The deadline only ends a hung run (this takes some seconds).
        long deadline = System.nanoTime() + Duration.ofMinutes(5).toNanos();
        while (!Files.exists(held)) {
            assertTrue(child.isAlive(), "the sweep ended before it could be killed:\n" + Files.readString(log));
            assertTrue(System.nanoTime() < deadline, "no second synthesis in 5 minutes:\n" + Files.readString(log));
            Thread.sleep(100);
        }
        // The sweep first, so that it cannot see its held synthesis die and record the task as
        // failed; then the tools it leaves behind, found while it still lived.
        List<ProcessHandle> tools = child.descendants().toList();
        child.destroyForcibly();
        child.waitFor();
        tools.forEach(ProcessHandle::destroyForcibly);

        Map<String, String> before = lines(out);
        before.keySet().removeIf(n -> n.startsWith("."));
        assertTrue(before.size() >= 3 && before.size() < 8, "killed midway: " + before.keySet());

        CliRun rerun = new CliRun();
        assertEquals(0, rerun.run(args(out, FOUR).toArray(String[]::new)), rerun.out + "" + rerun.err);
        assertTrue(rerun.out.toString().contains("shard 1/1: 8 tasks, " + before.size() + " already done, " + (8 - before.size())
                + " to run on 1 workers"), rerun.out.toString());
        Map<String, String> after = lines(out);
        assertEquals(8, after.size(), "every task once, no temporary file left: " + after.keySet());
        for (Map.Entry<String, String> e : before.entrySet()) {
            assertEquals(e.getValue(), after.get(e.getKey()), e.getKey() + " was done before the kill and must not run again");
        }
        assertTrue(rerun.out.toString().contains("sweep: 8 of 8 tasks pass, 0 failed, 0 missing"), rerun.out.toString());

        CliRun again = new CliRun();
        assertEquals(0, again.run(args(out, FOUR).toArray(String[]::new)), again.err.toString());
        assertTrue(again.out.toString().contains("8 already done, 0 to run"), again.out.toString());
        assertEquals(after, lines(out));
    }

    @Test
    void failedTasksAreKeptUntilRetryFailedRunsThemAgain(@TempDir Path dir) throws Exception {
        Path out = dir.resolve("out");
        Path log = dir.resolve("child.log");
        // No yosys on the PATH: the synth tasks cannot run (ERROR), the rtl tasks pass.
        Process child = start(dir, out, log, Map.of("PATH", dir.resolve("empty").toString()), ONE);
        assertTrue(child.waitFor(5, java.util.concurrent.TimeUnit.MINUTES));
        String first = Files.readString(log);
        assertEquals(1, child.exitValue(), first);
        assertTrue(first.contains("sweep: 1 of 2 tasks pass, 1 failed, 0 missing"), first);
        assertTrue(first.contains("failed: umq-4x2-m4-t2-f4.synth (error: "), first);
        assertTrue(first.contains("'yosys' was not found on PATH"), first);
        String line = Files.readString(out.resolve("results").resolve("umq-4x2-m4-t2-f4.synth.json"));
        assertTrue(line.contains("\"verdict\":\"ERROR\"") && line.contains("\"yosys\":\"missing\""), line);

        CliRun kept = new CliRun();
        assertEquals(1, kept.run(args(out, ONE).toArray(String[]::new)));
        assertTrue(kept.out.toString().contains("2 tasks, 2 already done, 0 to run"), kept.out.toString());

        CliRun retry = new CliRun();
        assertEquals(0, retry.run(args(out, "--variant", "umq", "--cells", "4", "--retry-failed").toArray(String[]::new)),
                retry.out + "" + retry.err);
        assertTrue(retry.out.toString().contains("2 tasks, 1 already done, 1 to run"), retry.out.toString());
        String fixed = Files.readString(out.resolve("results").resolve("umq-4x2-m4-t2-f4.synth.json"));
        assertTrue(fixed.contains("\"verdict\":\"PASS\"") && fixed.contains("\"luts\":"), fixed);
    }
}

package tagmatch.process;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A real JVM ended each way leaves no temporary directory and no tool running. */
class ExitCleanupTest {
    @TempDir
    Path base;

    @Test
    void aNormalExitRemovesTheDirectoriesNobodyClosed() throws Exception {
        Process jvm = probe("return");
        Path dir = firstLine(jvm);
        assertEquals(0, end(jvm));
        assertTrue(dir.startsWith(base), dir.toString());
        assertLeftNothing();
    }

    @Test
    void anUncaughtErrorRemovesThem() throws Exception {
        Process jvm = probe("throw");
        firstLine(jvm);
        assertEquals(1, end(jvm));
        assertLeftNothing();
    }

    @Test
    void sigintRemovesThemAndKillsTheWholeToolTree() throws Exception {
        signalledRunLeavesNothing("INT", 130);
    }

    @Test
    void sigtermRemovesThemAndKillsTheWholeToolTree() throws Exception {
        signalledRunLeavesNothing("TERM", 143);
    }

    private void signalledRunLeavesNothing(String signal, int exit) throws Exception {
        Process jvm = probe("tool");
        firstLine(jvm);
        List<ProcessHandle> tools = waitForTools(jvm, 2); // sh and its two sleeps
        Exec.of("kill", "-" + signal, Long.toString(jvm.pid())).check();
        assertEquals(exit, end(jvm));
        assertLeftNothing();
        for (ProcessHandle t : tools) {
            t.onExit().get(10, TimeUnit.SECONDS); // killed by the cleanup, not left to sleep for 10 minutes
            assertFalse(t.isAlive(), t + " runs on");
        }
    }

    /**
     * The probe JVM, with SIGINT and SIGTERM at their defaults as a terminal gives them: a JVM
     * that inherits a signal ignored (a background job without job control ignores SIGINT, nohup
     * SIGHUP) never sees it, whatever its hooks.
     */
    private Process probe(String mode) throws Exception {
        String java = ProcessHandle.current().info().command().orElse("java");
        return new ProcessBuilder("env", "--default-signal=INT,TERM", java, "-cp", System.getProperty("java.class.path"),
                "-D" + ScratchDir.BASE_PROPERTY + "=" + base, ExitCleanupProbe.class.getName(), mode)
                .redirectError(ProcessBuilder.Redirect.DISCARD).start();
    }

    private static Path firstLine(Process jvm) throws Exception {
        BufferedReader r = new BufferedReader(new InputStreamReader(jvm.getInputStream(), StandardCharsets.UTF_8));
        String line = r.readLine();
        assertTrue(line != null, "the probe printed nothing");
        Path dir = Path.of(line);
        assertTrue(Files.isRegularFile(dir.resolve("work.txt")), "the probe's directory is not there while it runs");
        return dir;
    }

    private static List<ProcessHandle> waitForTools(Process jvm, int atLeast) throws Exception {
        for (int i = 0; i < 600; i++) {
            List<ProcessHandle> d = jvm.descendants().toList();
            if (d.size() > atLeast) {
                return d;
            }
            Thread.sleep(50);
        }
        throw new AssertionError("the probe's tool never started");
    }

    private static int end(Process jvm) throws Exception {
        assertTrue(jvm.waitFor(60, TimeUnit.SECONDS), "the probe did not end");
        return jvm.exitValue();
    }

    private void assertLeftNothing() throws Exception {
        try (Stream<Path> s = Files.list(base)) {
            assertEquals(List.of(), s.toList());
        }
    }
}

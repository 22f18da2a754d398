package tagmatch.tools;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tagmatch.process.Exec;

/**
 * Ctrl-C ({@code kill -INT}) of a real run while its child tool works: the run ends with 130,
 * leaves no {@code tagmatch-*} in its temporary directory, and no child tool runs on.
 */
class InterruptTest {
    @TempDir
    Path tmp;

    @Test
    void interruptingSynthLeavesNothing() throws Exception {
        interruptWhileRunning(tool("yosys"), "synth", "--cells", "256");
    }

    @Test
    void interruptingCosimLeavesNothing() throws Exception {
        // each round builds a firmware with make and gcc, then runs it: interrupted during a build
        interruptWhileRunning(p -> true, "cosim", "firmware", "--ops", "1000000000");
    }

    @Test
    void interruptingSweepLeavesNothing() throws Exception {
        interruptWhileRunning(tool("yosys"), "sweep", "--steps", "synth", "--cells", "256", "--jobs", "1",
                "--out", tmp.resolve("sweep").toString());
    }

    private static Predicate<ProcessHandle> tool(String name) {
        return p -> p.info().command().map(c -> Path.of(c).getFileName().toString().startsWith(name)).orElse(false);
    }

    private void interruptWhileRunning(Predicate<ProcessHandle> childTool, String... args) throws Exception {
        Path base = Files.createDirectories(tmp.resolve("tmp"));
        Path log = tmp.resolve("run.log");
        Process run = TagmatchJvm.of(base, args).redirectErrorStream(true).redirectOutput(log.toFile()).start();
        List<ProcessHandle> tools = List.of();
        while (tools.isEmpty() || leftIn(base).isEmpty()) {
            assertTrue(run.isAlive(), "the run ended before its tool started:\n" + Files.readString(log));
            Thread.sleep(100);
            tools = run.descendants().filter(childTool).toList();
        }
        List<ProcessHandle> all = run.descendants().toList();
        Exec.of("kill", "-INT", Long.toString(run.pid())).check();
        assertTrue(run.waitFor(120, TimeUnit.SECONDS), "the run did not end after SIGINT");
        assertEquals(130, run.exitValue(), Files.readString(log));
        assertEquals(List.of(), leftIn(base), "left behind after SIGINT");
        for (ProcessHandle p : all) {
            p.onExit().get(30, TimeUnit.SECONDS);
            assertFalse(p.isAlive(), p.info().commandLine().orElse(p.toString()) + " runs on");
        }
    }

    private static List<String> leftIn(Path base) throws Exception {
        try (Stream<Path> s = Files.list(base)) {
            return s.map(p -> p.getFileName().toString()).filter(n -> n.startsWith("tagmatch-")).sorted().toList();
        }
    }
}

package tagmatch.process;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ExecTest {
    @Test
    void runReturnsExitAndMergedOutput() {
        Exec.Result r = Exec.of("sh", "-c", "echo out; echo err >&2; exit 3").run();
        assertEquals(3, r.exit());
        assertTrue(r.output().contains("out") && r.output().contains("err"), r.output());
    }

    @Test
    void checkNamesTheCommandAndShowsTheOutputOnFailure() {
        ToolException e = assertThrows(ToolException.class, () -> Exec.of("sh", "-c", "echo boom; exit 7").check());
        assertEquals(ToolException.Kind.FAILED, e.kind());
        assertEquals(7, e.result().exit());
        assertTrue(e.getMessage().contains("sh -c echo boom; exit 7 failed with exit 7") && e.getMessage().contains("boom"),
                e.getMessage());
    }

    @Test
    void aToolsTemporaryFilesGoToTheJvmsOwnDirectoryNotTheSystems() {
        String tmp = Exec.of("sh", "-c", "printf %s \"$TMPDIR\"").check().trim();
        assertEquals(ScratchDir.forTools().toString(), tmp);
        assertTrue(Path.of(tmp).getFileName().toString().startsWith("tagmatch-tools-") && Files.isDirectory(Path.of(tmp)), tmp);
    }

    @Test
    void aMissingToolNamesItsPackage() {
        ToolException e = assertThrows(ToolException.class, () -> Exec.of("no-such-tool-tagmatch").hint("no-such-pkg").run());
        assertEquals(ToolException.Kind.MISSING, e.kind());
        assertTrue(e.getMessage().contains("'no-such-tool-tagmatch' was not found on PATH")
                && e.getMessage().contains("apt-get install no-such-pkg"), e.getMessage());
    }

    @Test
    void aTimeoutKillsTheWholeTreeEvenWithItsPipeOpen() {
        long t0 = System.nanoTime();
        // The grandchild keeps the output pipe open: reading to EOF before waiting would hang here.
        ToolException e = assertThrows(ToolException.class,
                () -> Exec.of("sh", "-c", "echo started; sleep 60 & sleep 60").timeout(Duration.ofMillis(500)).run());
        assertEquals(ToolException.Kind.TIMED_OUT, e.kind());
        assertTrue(e.getMessage().contains("timed out after") && e.getMessage().contains("started"), e.getMessage());
        assertTrue(System.nanoTime() - t0 < 30_000_000_000L, "the timeout did not fire");
    }

    @Test
    void largeOutputDoesNotBlockTheTool() {
        Exec.Result r = Exec.of("sh", "-c", "head -c 3000000 /dev/zero | tr '\\0' x").run();
        assertEquals(0, r.exit());
        assertEquals(3_000_000, r.output().length());
    }

    @Test
    void workingDirectoryLogAndEnvironment(@TempDir Path dir) throws Exception {
        Path log = dir.resolve("tool.log");
        String out = Exec.of("sh", "-c", "pwd; echo $X").in(dir).env("X", "42").log(log).check();
        assertTrue(out.contains(dir.toRealPath().toString()) && out.contains("42"), out);
        assertEquals(out, Files.readString(log));
    }

    @Test
    void stdinIsClosedSoAToolWaitingForInputEndsAtOnce() {
        assertEquals("", Exec.of("cat").timeout(Duration.ofSeconds(20)).check());
    }
}

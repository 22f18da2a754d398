package tagmatch.tools;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tagmatch.process.DirectoryLock;

/** A second run into an {@code --out} that a live run holds is refused with a clear message, never interleaved. */
class OutputLockTest {
    @TempDir
    Path tmp;

    @Test
    void aRunIntoADirectoryAnotherRunHoldsIsRefused() throws Exception {
        Path out = tmp.resolve("v");
        try (OutputDir held = OutputDir.claim(out, false, "--out")) {
            Process second = TagmatchJvm.of(tmp, "rtl", "--cells", "16", "--out", out.toString()).redirectErrorStream(true).start();
            String said = new String(second.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
            assertTrue(second.waitFor(120, TimeUnit.SECONDS));
            assertEquals(1, second.exitValue(), said);
            assertEquals("tagmatch rtl: --out " + out + " is in use by another tagmatch run (pid " + ProcessHandle.current().pid(),
                    said.replaceFirst(" since .*", ""));
            assertTrue(said.endsWith("); wait for it to end, or choose another directory"), said);
        }
        CliRun after = new CliRun();
        assertEquals(0, after.run("rtl", "--cells", "16", "--out", out.toString()), after.err.toString());
        assertFalse(Files.exists(out.resolve(DirectoryLock.FILE)), "the lock file stays behind");
    }

    @Test
    void twoRunsAtOnceLeaveTheOutputOfOneWhole() throws Exception {
        Path out = tmp.resolve("v");
        Process a = TagmatchJvm.of(tmp, "rtl", "--cells", "64", "--out", out.toString()).redirectErrorStream(true).start();
        Process b = TagmatchJvm.of(tmp, "rtl", "--cells", "32", "--top", "alpu_small", "--out", out.toString()).redirectErrorStream(true).start();
        String saidA = new String(a.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        String saidB = new String(b.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(a.waitFor(120, TimeUnit.SECONDS) && b.waitFor(120, TimeUnit.SECONDS));
        // each run either wrote its files whole or was refused; both may succeed one after the other
        for (String said : List.of(saidA, saidB)) {
            assertTrue(said.startsWith("wrote ") || said.contains("is in use by another tagmatch run"), said);
        }
        assertTrue(a.exitValue() == 0 || b.exitValue() == 0, saidA + saidB);
        String manifest = Files.readString(out.resolve(OutputDir.MANIFEST));
        try (Stream<Path> s = Files.list(out)) {
            for (Path f : s.toList()) {
                String name = f.getFileName().toString();
                assertTrue(name.equals(OutputDir.MANIFEST) || manifest.contains("\t" + name + "\n"), name + " is not in the manifest:\n" + manifest);
            }
        }
        assertFalse(Files.exists(out.resolve(DirectoryLock.FILE)));
    }
}

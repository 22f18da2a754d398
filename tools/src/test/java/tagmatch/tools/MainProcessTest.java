package tagmatch.tools;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tagmatch.process.Exec;

/**
 * The command line as a user runs it: a JVM of its own, through {@link Main#main}, so that what
 * is printed but not flushed before {@code System.exit}, and errors outside a command's call,
 * are seen as the user sees them.
 */
class MainProcessTest {
    @TempDir
    Path tmp;

    private static Exec.Result tagmatch(List<String> jvm, String... args) {
        List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString()));
        cmd.addAll(jvm);
        cmd.addAll(List.of("-cp", System.getProperty("java.class.path"), Main.class.getName()));
        cmd.addAll(List.of(args));
        return Exec.of(cmd).run();
    }

    @Test
    void rtlReportIsPrintedInFull() {
        Exec.Result r = tagmatch(List.of(), "rtl", "--cells", "16", "--block", "8", "--out", tmp.resolve("v").toString(), "--report");
        assertEquals(0, r.exit(), r.output());
        // the report is written with print(), which an autoflush writer does not flush
        assertTrue(r.output().contains("R9 bound"), r.output());
    }

    @Test
    void runningOutOfMemoryOnAHugeLineIsOneLineAndExit1() throws IOException {
        Path f = tmp.resolve("huge-0000.txt");
        try (OutputStream o = Files.newOutputStream(f)) {
            o.write("version=1.0.0\nMPI_Init entering at walltime 1.0, cputime 1.0 seconds in thread 0.\nint argc=".getBytes(StandardCharsets.US_ASCII));
            byte[] digits = new byte[1 << 20];
            java.util.Arrays.fill(digits, (byte) '7');
            for (int i = 0; i < 96; i++) o.write(digits);
        }
        Exec.Result r = tagmatch(List.of("-Xmx48m"), "trace", "parse", f.toString());
        assertEquals(1, r.exit(), r.output());
        assertTrue(r.output().startsWith("tagmatch trace parse: out of memory"), r.output());
        assertFalse(r.output().contains("\tat "), r.output());
    }
}

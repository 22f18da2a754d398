package tagmatch.tools.trace;

import tagmatch.trace.Dumpi;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.zip.GZIPInputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tagmatch.tools.CliRun;

/** Rank files that are empty, cut short or corrupt are errors naming the file and what is missing. */
class TraceInputTest {
    @TempDir
    Path tmp;

    private CliRun cli;

    private int run(String... args) {
        cli = new CliRun();
        return cli.run(args);
    }

    /** A copy of the committed HPCC trace, unpacked, with rank {@code cut} cut after its 500th record. */
    private Path hpccCutAtARecordBoundary(int cut) throws IOException {
        Path dir = Files.createDirectories(tmp.resolve("hpcc"));
        for (int r = 0; r < 4; r++) {
            String name = String.format("dumpi-%04d.txt", r);
            try (InputStream in = new GZIPInputStream(Files.newInputStream(Dumpi.root().resolve("data/traces/hpcc/" + name + ".gz")))) {
                List<String> lines = new String(in.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8).lines().toList();
                if (r == cut) {
                    int n = 0, end = 0;
                    while (n < 500) if (lines.get(end++).contains(" returning at walltime ")) n++;
                    lines = lines.subList(0, end);
                }
                Files.write(dir.resolve(name), lines);
            }
        }
        return dir;
    }

    @Test
    void aRankFileCutAtARecordBoundaryIsRefusedNamingIt() throws IOException {
        Path trace = hpccCutAtARecordBoundary(2);
        Path out = tmp.resolve("analysis");
        assertEquals(1, run("trace", "analyze", trace.toString(), "--no-progress", "--out", out.toString()));
        assertEquals("tagmatch trace analyze: " + trace.resolve("dumpi-0002.txt") + ": truncated: no MPI_Finalize record (the rank "
                + "ended early or the file was cut); analyze --allow-partial takes such a trace as it is, with a warning", cli.err.toString().strip());
        assertFalse(Files.exists(out));
    }

    @Test
    void allowPartialAnalyzesWithALoudWarning() throws IOException {
        Path trace = hpccCutAtARecordBoundary(1);
        for (int again = 0; again < 2; again++) { // the analysis of a partial trace is not cached: the second run warns too
            assertEquals(0, run("trace", "analyze", trace.toString(), "--no-progress", "--allow-partial", "--cache", tmp.resolve("cache").toString(),
                    "--out", tmp.resolve("a" + again).toString()), cli.err.toString());
            assertTrue(cli.err.toString().startsWith("WARNING: partial trace"), cli.err.toString());
        }
    }

    @Test
    void anEmptyRankFileIsNotZeroEvents() throws IOException {
        Path f = Files.writeString(tmp.resolve("app-0000.txt"), "");
        assertEquals(1, run("trace", "parse", f.toString()));
        assertEquals("tagmatch trace parse: " + f + ": no MPI records (an empty or header-only rank file)", cli.err.toString().strip());
    }

    @Test
    void parseChecksASingleRankFileOfALargerTrace() throws IOException {
        Path trace = hpccCutAtARecordBoundary(-1);
        assertEquals(0, run("trace", "parse", trace.resolve("dumpi-0003.txt").toString()), cli.err.toString());
        assertTrue(cli.out.toString().startsWith("dumpi-0003.txt: 1 ranks"), cli.out.toString());
    }

    @Test
    void aCorruptGzipFileIsOneLine() throws IOException {
        byte[] gz = Files.readAllBytes(Dumpi.root().resolve("data/traces/hpcc/dumpi-0001.txt.gz"));
        Path f = Files.write(tmp.resolve("app-0000.txt.gz"), java.util.Arrays.copyOf(gz, 3000));
        assertEquals(1, run("trace", "parse", f.toString()));
        assertTrue(cli.err.toString().startsWith("tagmatch trace parse: " + f + ": not a valid gzip file"), cli.err.toString());
        assertEquals(1, cli.err.toString().strip().lines().count());
    }

    @Test
    void outIsCheckedBeforeTheAnalysis() throws IOException {
        Path file = Files.writeString(tmp.resolve("file"), "x");
        assertEquals(2, run("trace", "analyze", Dumpi.root().resolve("data/traces/hpcc").toString(), "--out", file.toString()));
        assertEquals("tagmatch trace analyze: --out must name a directory, but " + file + " is a file", cli.err.toString().strip());
        assertEquals("", cli.out.toString());
    }
}

package tagmatch.tools.trace;

import tagmatch.trace.Dumpi;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import java.util.zip.GZIPInputStream;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tagmatch.tools.CliRun;
import tagmatch.tools.OutputDir;

class AnalysisCacheTest {
    private static final String FROM_CACHE = "taken from the cache";

    @TempDir
    Path tmp;

    /** A copy of a small committed trace that the test may change. */
    private Path copyOfTrace() throws IOException {
        Path dir = Files.createDirectories(tmp.resolve("ooo"));
        try (Stream<Path> s = Files.list(Dumpi.root().resolve("data/traces/mpi-out-of-order-n2"))) {
            for (Path f : s.toList()) Files.copy(f, dir.resolve(f.getFileName()));
        }
        return dir;
    }

    private record Run(String out, String err, Map<String, byte[]> files) {}

    /** {@code trace analyze} of {@code trace} into a fresh directory, with the given cache options. */
    private Run analyze(Path trace, String name, String... options) throws IOException {
        CliRun cli = new CliRun();
        Path dir = tmp.resolve("out-" + name);
        List<String> args = new java.util.ArrayList<>(List.of("trace", "analyze", trace.toString(), "--out", dir.toString(), "--no-progress",
                "--strategies", "reference,optimistic", "--bins", "1,4,64"));
        args.addAll(List.of(options));
        int code = cli.run(args.toArray(String[]::new));
        assertEquals(0, code, cli.err.toString());
        Map<String, byte[]> files = new TreeMap<>();
        try (Stream<Path> s = Files.list(dir)) {
            for (Path f : s.toList()) {
                if (!f.getFileName().toString().equals(OutputDir.MANIFEST)) files.put(f.getFileName().toString(), Files.readAllBytes(f));
            }
        }
        // the printed summary names the output directory on its last line only
        String out = cli.out.toString().replace(dir.toString(), "OUT");
        return new Run(out, cli.err.toString(), files);
    }

    private static void assertSameOutput(Run want, Run got) {
        assertEquals(want.out(), got.out());
        assertEquals(want.files().keySet(), got.files().keySet());
        for (String f : want.files().keySet()) assertArrayEquals(want.files().get(f), got.files().get(f), f);
    }

    @Test
    void aSecondAnalysisComesFromTheCacheByteForByteAsAFreshOne() throws IOException {
        Path trace = copyOfTrace();
        String cache = tmp.resolve("cache").toString();
        Run first = analyze(trace, "first", "--cache", cache);
        assertFalse(first.err().contains(FROM_CACHE), first.err());
        assertTrue(first.err().contains("2 rank files parsed, 0 from the cache"), first.err());
        Run second = analyze(trace, "second", "--cache", cache);
        assertTrue(second.err().contains("analysis of 1 trace " + FROM_CACHE), second.err());
        assertFalse(second.err().contains("rank files parsed"), "nothing parsed: " + second.err());
        Run fresh = analyze(trace, "fresh", "--no-cache");
        assertEquals(11, fresh.files().size(), fresh.files().keySet().toString());
        assertSameOutput(fresh, first);
        assertSameOutput(fresh, second);
    }

    @Test
    void aChangedRankFileGivesAFreshAnalysis() throws IOException {
        Path trace = copyOfTrace();
        String cache = tmp.resolve("cache").toString();
        Run before = analyze(trace, "before", "--cache", cache);
        // rank 0's first message (tag 0 to rank 1) gets a tag nobody receives: the matching changes
        Path rank0 = trace.resolve("dumpi-0000.txt.gz");
        String text = gunzip(rank0);
        String changed = text.replaceFirst("int tag=0\n", "int tag=77\n");
        assertNotEquals(text, changed);
        gzip(rank0, changed);

        Run after = analyze(trace, "after", "--cache", cache);
        assertFalse(after.err().contains(FROM_CACHE), after.err());
        assertTrue(after.err().contains("1 rank files parsed, 1 from the cache"), after.err());
        assertFalse(java.util.Arrays.equals(before.files().get("per-rank.csv"), after.files().get("per-rank.csv")), "the change shows in the figures");
        assertSameOutput(analyze(trace, "fresh", "--no-cache"), after);
        assertTrue(analyze(trace, "again", "--cache", cache).err().contains(FROM_CACHE), "the new analysis is cached in turn");
    }

    @Test
    void otherParametersGiveAFreshAnalysis() throws IOException {
        Path trace = copyOfTrace();
        String cache = tmp.resolve("cache").toString();
        analyze(trace, "first", "--cache", cache);
        for (String[] other : List.of(new String[] {"--threads", "2"}, new String[] {"--bins", "1,4,64,128"}, new String[] {"--strategies", "reference"},
                new String[] {"--allow-partial"})) {
            String[] args = Stream.concat(Stream.of("--cache", cache), Stream.of(other)).toArray(String[]::new);
            Run run = analyze(trace, String.join("", other).replace(",", "_"), args);
            assertFalse(run.err().contains(FROM_CACHE), String.join(" ", other) + ": " + run.err());
        }
    }

    @Test
    void aDamagedEntryIsAnalysedAgainAndReplaced() throws IOException {
        Path trace = copyOfTrace();
        Path cache = tmp.resolve("cache");
        Run first = analyze(trace, "first", "--cache", cache.toString());
        Path entry;
        try (Stream<Path> s = Files.list(cache.resolve("analyses"))) {
            entry = s.filter(Files::isDirectory).findFirst().orElseThrow();
        }
        Path summary = entry.resolve("summary.txt");
        Files.writeString(summary, Files.readString(summary).replace('.', ','), StandardCharsets.UTF_8); // same size, other bytes
        Run second = analyze(trace, "second", "--cache", cache.toString());
        assertFalse(second.err().contains(FROM_CACHE), second.err());
        assertSameOutput(first, second);
        Run third = analyze(trace, "third", "--cache", cache.toString());
        assertTrue(third.err().contains(FROM_CACHE), third.err());
        assertSameOutput(first, third);
    }

    private static String gunzip(Path f) throws IOException {
        try (InputStream in = new GZIPInputStream(Files.newInputStream(f))) {
            ByteArrayOutputStream b = new ByteArrayOutputStream();
            in.transferTo(b);
            return b.toString(StandardCharsets.UTF_8);
        }
    }

    private static void gzip(Path f, String text) throws IOException {
        try (OutputStream out = new GZIPOutputStream(Files.newOutputStream(f))) {
            out.write(text.getBytes(StandardCharsets.UTF_8));
        }
    }
}

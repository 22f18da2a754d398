package tagmatch.tools.trace;

import tagmatch.trace.Dumpi;
import tagmatch.trace.RankFileScheduler;
import tagmatch.trace.RankLog;
import tagmatch.trace.TraceCache;
import tagmatch.trace.TraceFiles;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tagmatch.tools.CliRun;

class TraceCacheTest {
    @TempDir
    Path tmp;

    /** A copy of lammps-melt that the test may change. */
    private List<Path> copyOfMelt() throws IOException {
        Path dir = Files.createDirectories(tmp.resolve("melt"));
        try (Stream<Path> s = Files.list(Dumpi.root().resolve("data/traces/lammps-melt"))) {
            for (Path f : s.toList()) Files.copy(f, dir.resolve(f.getFileName()));
        }
        return TraceFiles.find(List.of(dir)).get(0).ranks();
    }

    private static void assertSameLogs(List<RankLog> want, List<RankLog> got) {
        assertEquals(want.size(), got.size());
        for (int i = 0; i < want.size(); i++) {
            RankLog w = want.get(i), g = got.get(i);
            assertEquals(w.rank(), g.rank());
            assertEquals(w.file(), g.file());
            assertEquals(w.ops(), g.ops());
            assertEquals(w.calls(), g.calls());
            assertEquals(w.worldHandle(), g.worldHandle());
            assertEquals(w.selfHandle(), g.selfHandle());
            assertEquals(w.worldSize(), g.worldSize());
            assertEquals(w.procNull(), g.procNull());
            assertEquals(w.badTags(), g.badTags());
            assertEquals(w.startsWithoutInit(), g.startsWithoutInit());
            assertEquals(w.comms().keySet(), g.comms().keySet());
            for (Integer h : w.comms().keySet()) {
                RankLog.CommInfo a = w.comms().get(h), b = g.comms().get(h);
                assertEquals(List.of(a.handle(), a.origin(), a.parent(), a.color(), a.key()), List.of(b.handle(), b.origin(), b.parent(), b.color(), b.key()));
                assertArrayEquals(a.worldRanks(), b.worldRanks());
            }
        }
    }

    @Test
    void aSecondParseComesFromTheCacheAndEqualsTheFirst() throws IOException {
        List<Path> files = copyOfMelt();
        TraceCache first = new TraceCache(tmp.resolve("cache"));
        List<RankLog> parsed = RankFileScheduler.parse(files, 2, n -> {}, first);
        assertEquals(List.of(0, 8), List.of(first.hits(), first.stored()));

        TraceCache second = new TraceCache(tmp.resolve("cache"));
        long[] progress = {0};
        List<RankLog> cached = RankFileScheduler.parse(files, 2, n -> progress[0] = n, second);
        assertEquals(List.of(8, 0), List.of(second.hits(), second.stored()));
        assertSameLogs(parsed, cached);
        assertTrue(parsed.stream().mapToLong(l -> l.ops().size()).sum() > 20_000);
        assertEquals(RankFileScheduler.bytes(files), progress[0], "progress counts a cached file as read");
    }

    @Test
    void aChangedSourceIsParsedAgain() throws IOException {
        List<Path> files = copyOfMelt();
        RankFileScheduler.parse(files, 2, n -> {}, new TraceCache(tmp.resolve("cache")));
        Path touched = files.get(3);
        Files.setLastModifiedTime(touched, FileTime.fromMillis(Files.getLastModifiedTime(touched).toMillis() + 2000));
        Path replaced = files.get(5); // another rank's text under this rank's name, same mtime restored
        FileTime mtime = Files.getLastModifiedTime(replaced);
        Files.copy(files.get(6), replaced, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
        Files.setLastModifiedTime(replaced, mtime);

        TraceCache again = new TraceCache(tmp.resolve("cache"));
        List<RankLog> logs = RankFileScheduler.parse(files, 2, n -> {}, again);
        assertEquals(List.of(6, 2), List.of(again.hits(), again.stored()));
        assertSameLogs(RankFileScheduler.parse(files, 2, n -> {}), logs);
    }

    @Test
    void aDamagedCacheFileIsParsedAgainNotTrusted() throws IOException {
        List<Path> files = copyOfMelt();
        TraceCache cache = new TraceCache(tmp.resolve("cache"));
        RankFileScheduler.parse(files, 2, n -> {}, cache);
        Path entry = cache.entry(files.get(0));
        byte[] b = Files.readAllBytes(entry);
        Files.write(entry, java.util.Arrays.copyOf(b, b.length / 2));
        Files.write(cache.entry(files.get(1)), new byte[] {1, 2, 3});

        TraceCache again = new TraceCache(tmp.resolve("cache"));
        List<RankLog> logs = RankFileScheduler.parse(files, 2, n -> {}, again);
        assertEquals(List.of(6, 2), List.of(again.hits(), again.stored()));
        assertSameLogs(RankFileScheduler.parse(files, 2, n -> {}), logs);
    }

    @Test
    void analyzeSaysWhatCameFromTheCacheAndRefusesContradictoryOptions() throws IOException {
        List<Path> files = copyOfMelt();
        String trace = files.get(0).getParent().toString();
        String cache = tmp.resolve("cache").toString();
        List<String> want = List.of("melt: 8 rank files parsed, 0 from the cache " + tmp.resolve("cache").toAbsolutePath(),
                "melt: 0 rank files parsed, 8 from the cache " + tmp.resolve("cache").toAbsolutePath(), // other bins: parsed logs reused
                "analysis of 1 trace taken from the cache " + tmp.resolve("cache").resolve("analyses").toAbsolutePath()); // the same analysis again
        List<String> bins = List.of("1", "2", "1");
        for (int run = 0; run < 3; run++) {
            CliRun cli = new CliRun();
            int code = cli.run("trace", "analyze", trace, "--strategies", "reference", "--bins", bins.get(run), "--cache", cache,
                    "--out", tmp.resolve("out").toString(), "--no-progress");
            assertEquals(0, code, cli.err.toString());
            assertTrue(cli.err.toString().startsWith(want.get(run)), cli.err.toString());
        }
        CliRun both = new CliRun();
        assertEquals(2, both.run("trace", "analyze", trace, "--cache", cache, "--no-cache", "--out", tmp.resolve("never").toString()));
        assertTrue(both.err.toString().trim().endsWith("--cache and --no-cache exclude each other"), both.err.toString());
        CliRun file = new CliRun();
        assertEquals(2, file.run("trace", "analyze", trace, "--cache", files.get(0).toString(), "--out", tmp.resolve("never").toString()));
        assertTrue(file.err.toString().trim().contains("--cache must name a directory, but " + files.get(0) + " is a file"), file.err.toString());
        assertEquals(false, Files.exists(tmp.resolve("never")));
    }
}

package tagmatch.tools.trace;

import tagmatch.trace.CallMix;
import tagmatch.trace.Dumpi;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tagmatch.tools.CliRun;

class TraceCommandTest {
    @TempDir
    Path tmp;

    private final CliRun cli = new CliRun();
    private final StringWriter out = cli.out;
    private final StringWriter err = cli.err;

    private int run(String... args) {
        return cli.run(args);
    }

    @Test
    void analyzeWritesTheFigure7TableThePlotAndPerRankFigures() throws IOException {
        Path dir = tmp.resolve("analysis");
        int code = run("trace", "analyze", "--no-cache", Dumpi.root().resolve("data/traces/lammps-melt").toString(), "--bins", "1,32,128",
                "--strategies", "reference,optimistic", "--threads", "8", "--out", dir.toString(), "--no-progress");
        assertEquals(0, code, err.toString());
        String summary = Files.readString(dir.resolve("summary.txt"));
        assertEquals(summary + "wrote " + dir.resolve("summary.txt") + ", per-rank.csv, queue-depth-vs-bins.csv/.png, queue-depth-seed-vs-bins.csv/.png, "
                + "call-mix.csv/.png, bin-usage.csv, bin-usage-empty.png, bin-usage-collisions.png" + System.lineSeparator(), out.toString());
        assertTrue(summary.matches("(?s).*lammps-melt: 8 ranks, 8 streams \\(rank x communicator\\), \\d+ events, \\d+\\.\\d% of messages arrived unexpected\n.*"),
                summary);
        assertTrue(summary.matches("(?s).*trace \\(ranks\\) +1 bin +32 bins +128 bins\n.*"), summary);
        assertTrue(summary.matches("(?s).*\nlammps-melt \\(8\\) +\\d+\\.\\d\\d \\(\\d+\\) +\\d+\\.\\d\\d \\(\\d+\\) +\\d+\\.\\d\\d \\(\\d+\\)\n.*"), summary);
        assertTrue(summary.matches("(?s).*\nseed 000 average +8\\.21 +0\\.80 +0\\.33\n.*"), summary);
        assertTrue(summary.contains("optimistic matching at N = 8 threads"), summary);
        assertTrue(summary.matches("(?s).*\nlammps-melt +optimistic +\\d+ +\\d+ .*"), summary);
        for (String plot : List.of("queue-depth-vs-bins", "queue-depth-seed-vs-bins", "call-mix", "bin-usage-empty", "bin-usage-collisions")) {
            byte[] png = Files.readAllBytes(dir.resolve(plot + ".png"));
            assertArrayEquals(new byte[] {(byte) 0x89, 'P', 'N', 'G'}, Arrays.copyOf(png, 4), plot);
        }
        // the seed's measures beside the project's, from the same command
        assertTrue(summary.matches("(?s).*\\nlammps-melt \\(8\\) +\\d+\\.\\d\\d \\[\\d+\\.\\d\\d\\] +\\d+\\.\\d\\d \\[\\d+\\.\\d\\d\\] +\\d+\\.\\d\\d \\[\\d+\\.\\d\\d\\]\\n.*"), summary);
        assertTrue(summary.matches("(?s).*\\nlammps-melt \\(8\\) +\\d+( +\\d+\\.\\d){10}\\n.*"), "call mix, collectives counted: " + summary);
        assertTrue(summary.matches("(?s).*\\nlammps-melt \\(8\\) +8 +\\d+\\.\\d +\\d+( +\\d+ / \\d+){3}\\n.*"), "bin usage: " + summary);
        assertEquals(1 + 3, Files.readAllLines(dir.resolve("queue-depth-seed-vs-bins.csv")).size());
        assertEquals(1 + CallMix.Kind.values().length, Files.readAllLines(dir.resolve("call-mix.csv")).size());
        assertEquals(1 + 3, Files.readAllLines(dir.resolve("bin-usage.csv")).size());
        List<String> rows = Files.readAllLines(dir.resolve("per-rank.csv"));
        assertEquals(1 + 8 * 2 + 8 * 3, rows.size()); // header, 8 ranks x 2 strategies, 8 ranks x 3 bin counts
        assertTrue(rows.get(1).startsWith("lammps-melt,0,reference,,"), rows.get(1));
        List<String> bins = Files.readAllLines(dir.resolve("queue-depth-vs-bins.csv"));
        assertEquals(List.of("trace,bins,depth_mean,depth_max"), bins.subList(0, 1));
        assertEquals(4, bins.size());
    }

    @Test
    void offloadWritesATableCsvAndPngPerTraceAndForTheGeneratedStencil() throws IOException {
        Path dir = tmp.resolve("offload");
        int code = run("trace", "offload", "--no-cache", Dumpi.root().resolve("data/traces/hpcc").toString(),
                Dumpi.root().resolve("data/traces/mpi-many-to-one-n3").toString(), "--policy", "seqnum", "--hw-entries", "64", "--out", dir.toString(),
                "--no-progress");
        assertEquals(0, code, err.toString());
        String table = Files.readString(dir.resolve("offload.txt"));
        assertTrue(out.toString().startsWith(table), out.toString());
        assertTrue(table.startsWith("policy seqnum, 64 hardware entries, rendezvous from 16384 bytes"), table);
        // success% (the paper's, offloads not cancelled) first, then hw/offl% and hw/rndv%
        assertTrue(table.matches("(?s).*\nhpcc +4 +\\d+ +[1-9]\\d* +\\d+\\.\\d +[1-9]\\d* +\\d+ +\\d+ +\\d+ +\\d+\\.\\d +\\d+\\.\\d +\\d+\\.\\d +\n.*"), table);
        assertTrue(table.contains(" success% hw/offl% hw/rndv% "), table);
        assertTrue(table.contains("success% = (offloaded - cancelled) / offloaded"), table);
        assertTrue(table.matches("(?s).*\nmpi-many-to-one-n3 +3 +100 +0 +\\d+\\.\\d +0 .* no receive of 16384 bytes or more \\(largest 32\\)\n.*"), table);
        assertTrue(table.matches("(?s).*\nstencil-3d \\(generated\\) +64 .*"), table);
        // §5.3's prefetch decision: the stencil's unexpected faces, each prefetched, useful or useless, or refused
        assertTrue(table.contains("\nprefetch of unexpected rendezvous messages (seed 003 §5.3, whatever the policy): pool of 64 slots"), table);
        java.util.regex.Matcher prefetch = java.util.regex.Pattern.compile("\nstencil-3d \\(generated\\) +(\\d+) +(\\d+) +(\\d+) +(\\d+) +(\\d+) +(\\d+) +(\\d+)\n")
                .matcher(table);
        assertTrue(prefetch.find(), table);
        long[] p = new long[7];
        for (int i = 0; i < 7; i++) p[i] = Long.parseLong(prefetch.group(i + 1));
        assertTrue(p[0] > 0 && p[1] > 0, table);
        assertEquals(p[0], p[1] + p[4] + p[5] + p[6], "every unexpected rendezvous message is prefetched, refused or declined: " + table);
        assertEquals(p[1], p[2] + p[3], "every prefetched face is taken by its receive: " + table);
        List<String> csv = Files.readAllLines(dir.resolve("offload.csv"));
        assertEquals(1 + 3, csv.size());
        assertTrue(csv.get(1).startsWith("hpcc,seqnum,64,16384,4,"), csv.get(1));
        assertTrue(csv.get(0).contains(",cancelled,success_rate,hardware_match_rate,hardware_share,"), csv.get(0));
        assertTrue(csv.get(0).endsWith(",prefetch_unexpected_rendezvous,prefetched,prefetch_useful,prefetch_useless,prefetch_no_slot,"
                + "prefetch_too_large,prefetch_declined,note"), csv.get(0));
        String[] hpcc = csv.get(1).split(",");
        long offloaded = Long.parseLong(hpcc[8]), hardware = Long.parseLong(hpcc[9]), cancelled = Long.parseLong(hpcc[11]);
        assertEquals((double) (offloaded - cancelled) / offloaded, Double.parseDouble(hpcc[12]), 1e-6);
        assertEquals((double) hardware / offloaded, Double.parseDouble(hpcc[13]), 1e-6);
        byte[] png = Files.readAllBytes(dir.resolve("offload.png"));
        assertArrayEquals(new byte[] {(byte) 0x89, 'P', 'N', 'G'}, Arrays.copyOf(png, 4));
    }

    /** The adaptive engine's offloads of the generated stencil, its receivers progressing every {@code progressEvery} ns (0: all the time). */
    private long stencilOffloads(String progressEvery) throws IOException {
        Path dir = tmp.resolve("progress-" + progressEvery);
        CliRun one = new CliRun();
        assertEquals(0, one.run("trace", "offload", "--no-cache", Dumpi.root().resolve("data/traces/mpi-many-to-one-n3").toString(), "--policy",
                "adaptive", "--progress-every", progressEvery, "--out", dir.toString(), "--no-progress"), one.err.toString());
        String table = Files.readString(dir.resolve("offload.txt"));
        assertTrue(table.startsWith("policy adaptive,") && table.contains(progressEvery.equals("0") ? ", receivers progress all the time\n"
                : ", receivers progress every " + progressEvery + " ns\n"), table);
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("\nstencil-3d \\(generated\\) +64 +\\d+ +\\d+ +\\d+\\.\\d +(\\d+) ").matcher(table);
        assertTrue(m.find(), table);
        return Long.parseLong(m.group(1));
    }

    @Test
    void offloadOffloadsMoreOfTheStencilWhenItsReceiversProgressRarely() throws IOException {
        // Seed 003 Fig. 4b: a low progress-call frequency makes δ large, so more receives pass δ > K.
        long continuous = stencilOffloads("0");
        long rare = stencilOffloads("1000000");
        assertTrue(rare > continuous, "every 1 ms: " + rare + ", all the time: " + continuous);
    }

    @Test
    void offloadRefusesAnUnknownPolicyNamingTheLegalOnes() {
        int code = run("trace", "offload", "--no-cache", Dumpi.root().resolve("data/traces/mpi-many-to-one-n3").toString(), "--policy", "eager",
                "--out", tmp.resolve("never").toString(), "--no-progress");
        assertEquals(2, code);
        assertEquals("tagmatch trace offload: --policy must be one of naive, seqnum, adaptive, ordered, got 'eager'", err.toString().strip());
        assertFalse(Files.exists(tmp.resolve("never")));
    }

    @Test
    void offloadRefusesAnEngineParameterOutOfRangeInOneLineNamingTheOptionAndWritesNothing() {
        String[][] cases = {
                {"--alpha", "-1", "--alpha must be a finite number >= 0, got -1.0"},
                {"--beta", "-2", "--beta must be a finite number >= 0, got -2.0"},
                {"--cancel-cutoff", "1.5", "--cancel-cutoff must be in 0..1, got 1.5"},
                {"--cancel-cutoff", "-0.1", "--cancel-cutoff must be in 0..1, got -0.1"},
                {"--cancel-cutoff", "NaN", "--cancel-cutoff must be in 0..1, got NaN"},
                {"--hw-entries", "0", "--hw-entries must be in 1..1048576, got 0"},
                {"--cancel-period", "0", "--cancel-period must be >= 1, got 0"},
                {"--rndv-threshold", "-1", "--rndv-threshold must be >= 0, got -1"},
                {"--progress-every", "-5", "--progress-every must be in 0..1000000000000, got -5"},
        };
        Path never = tmp.resolve("never");
        for (String[] c : cases) {
            CliRun one = new CliRun();
            int code = one.run("trace", "offload", "--no-cache", Dumpi.root().resolve("data/traces/mpi-many-to-one-n3").toString(), c[0], c[1],
                    "--out", never.toString(), "--no-progress");
            assertEquals(2, code, c[0] + " " + c[1]);
            assertEquals("tagmatch trace offload: " + c[2], one.err.toString().strip());
            assertEquals("", one.out.toString());
            assertFalse(Files.exists(never), c[0] + " " + c[1] + " wrote " + never);
        }
    }

    @Test
    void anUnknownStrategyFailsBeforeAnyWorkNamingTheLegalOnes() {
        Path dir = tmp.resolve("never");
        int code = run("trace", "analyze", "--no-cache", Dumpi.root().resolve("data/traces/lammps-melt").toString(), "--strategies", "reference,fastest",
                "--out", dir.toString(), "--no-progress");
        assertEquals(2, code);
        assertTrue(err.toString().startsWith("tagmatch trace analyze: --strategies must be among reference, linked-list"), err.toString());
        assertFalse(Files.exists(dir));
    }

    @Test
    void anIllegalBinCountIsRejected() {
        int code = run("trace", "analyze", "--no-cache", Dumpi.root().resolve("data/traces/lammps-melt").toString(), "--bins", "1,0", "--no-progress",
                "--out", tmp.resolve("x").toString());
        assertEquals(2, code);
        assertEquals("tagmatch trace analyze: --bins must be in 1..1048576, got 0", err.toString().trim());
    }

    @Test
    void aMissingRankFileIsNamed() throws IOException {
        Path dir = Files.createDirectories(tmp.resolve("gappy"));
        String trace = new Dumpi().irecv(1, 0, 1, 2).footer();
        Files.writeString(dir.resolve("app-0000.txt"), trace);
        Files.writeString(dir.resolve("app-0002.txt"), trace);
        int code = run("trace", "analyze", "--no-cache", dir.toString(), "--no-progress", "--out", tmp.resolve("x").toString());
        assertEquals(2, code);
        assertEquals("tagmatch trace analyze: trace " + dir + " has no file for rank 1 (ranks must be 0..1, found [0, 2])", err.toString().trim());
    }

    @Test
    void aMalformedTraceFailsWithFileAndLine() throws IOException {
        Path dir = Files.createDirectories(tmp.resolve("bad"));
        Files.writeString(dir.resolve("app-0000.txt"), new Dumpi().irecv(1, 0, 1, 2).line("MPI_Send entering at walltime x").footer());
        int code = run("trace", "analyze", "--no-cache", dir.toString(), "--no-progress", "--out", tmp.resolve("x").toString());
        assertEquals(1, code);
        assertEquals("tagmatch trace analyze: " + dir.resolve("app-0000.txt") + ":11:31: expected a decimal time, found 'x'", err.toString().trim());
        assertFalse(Files.exists(tmp.resolve("x")));
    }

    @Test
    void aDirectoryWithoutTracesIsRejected() throws IOException {
        Path dir = Files.createDirectories(tmp.resolve("empty"));
        int code = run("trace", "analyze", "--no-cache", dir.toString(), "--no-progress");
        assertEquals(2, code);
        assertEquals("tagmatch trace analyze: trace directory " + dir + " holds no rank files NAME-RRRR.txt[.gz], nor do its subdirectories",
                err.toString().trim());
    }

    @Test
    void parseCountsRecordsAndOperationsAlikeWithEitherParser() {
        String melt = Dumpi.root().resolve("data/traces/lammps-melt").toString();
        String hpcc = Dumpi.root().resolve("data/traces/hpcc").toString();
        for (String parser : new String[] {"fast", "grammar"}) {
            out.getBuffer().setLength(0);
            int code = run("trace", "parse", melt, hpcc, "--parse-threads", "2", "--parser", parser);
            assertEquals(0, code, err.toString());
            String[] lines = out.toString().split("\\R");
            assertEquals(2, lines.length, out.toString());
            assertTrue(lines[0].matches("hpcc: 4 ranks, 57788 records, 58988 point-to-point operations, .*"), lines[0]);
            assertTrue(lines[1].matches("lammps-melt: 8 ranks, 30096 records, 20544 point-to-point operations, 0\\.8 MB in \\d+\\.\\d\\d s: "
                    + "\\d+\\.\\d MB/s \\(2 threads, " + parser + " parser\\)"), lines[1]);
        }
    }

    @Test
    void anUnknownParserIsRejected() {
        int code = run("trace", "parse", Dumpi.root().resolve("data/traces/lammps-melt").toString(), "--parser", "quick");
        assertEquals(2, code);
        String e = err.toString().trim();
        assertEquals("tagmatch trace parse: --parser must be one of fast, grammar, got 'quick'", e);
        assertEquals("", out.toString());
    }

    @Test
    void parseRefusesACacheWithTheGrammarParser() {
        String melt = Dumpi.root().resolve("data/traces/lammps-melt").toString();
        int code = run("trace", "parse", melt, "--parser", "grammar", "--cache", tmp.toString());
        assertEquals(2, code);
        assertEquals("tagmatch trace parse: --cache only applies with --parser fast (the fast path fills the cache), got --parser grammar",
                err.toString().trim());
        assertEquals("", out.toString());
    }

    @Test
    void analyzeShowsAProgressBarWhileParsing() throws IOException {
        java.io.PrintStream saved = System.err;
        java.io.ByteArrayOutputStream bar = new java.io.ByteArrayOutputStream();
        System.setErr(new java.io.PrintStream(bar, true, java.nio.charset.StandardCharsets.UTF_8));
        int code;
        try {
            code = run("trace", "analyze", "--no-cache", Dumpi.root().resolve("data/traces/lammps-melt").toString(), "--bins", "1",
                    "--strategies", "reference", "--out", tmp.resolve("p").toString());
        } finally {
            System.setErr(saved);
        }
        assertEquals(0, code, err.toString());
        String shown = bar.toString(java.nio.charset.StandardCharsets.UTF_8);
        // not on a terminal (a test, a log file): plain lines, no carriage-return frames
        assertTrue(shown.matches("(?s).*parse lammps-melt: [0-9.]+/[0-9.]+ MB \\(100%\\).*") && !shown.contains("\r"), shown);
    }

    @Test
    void aTraceWithFewerFilesThanItsRanksIsRejected() throws IOException {
        Path dir = Files.createDirectories(tmp.resolve("short"));
        Files.writeString(dir.resolve("app-0000.txt"), new Dumpi().call("MPI_Comm_size", 1, Dumpi.comm(2), "int size=4").footer());
        int code = run("trace", "analyze", "--no-cache", dir.toString(), "--no-progress", "--out", tmp.resolve("x").toString());
        assertEquals(1, code);
        assertEquals("tagmatch trace analyze: " + dir.resolve("app-0000.txt") + ": MPI_Comm_size reports 4 ranks in MPI_COMM_WORLD, but the trace has 1 rank files",
                err.toString().trim());
    }
}

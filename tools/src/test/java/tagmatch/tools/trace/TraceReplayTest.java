package tagmatch.tools.trace;

import tagmatch.trace.Dumpi;
import tagmatch.trace.RankReplay;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tagmatch.tools.CliRun;

/** Real application traffic through the ALPU RTL and the generated firmware, checked against the reference. */
class TraceReplayTest {
    @TempDir
    Path tmp;

    private final CliRun cli = new CliRun();

    private String hpcc() {
        return Dumpi.root().resolve("data/traces/hpcc").toString();
    }

    private int replay(String... args) {
        List<String> all = new java.util.ArrayList<>(List.of("trace", "replay", "--no-progress", "--cache", tmp.resolve("cache").toString()));
        all.addAll(List.of(args));
        return cli.run(all.toArray(new String[0]));
    }

    /** The "all" row's numbers. */
    private static long[] allRow(String out) {
        Matcher m = Pattern.compile("(?m)^ +all((?: +[0-9.]+)+)$").matcher(out);
        assertTrue(m.find(), out);
        String[] f = m.group(1).trim().split(" +");
        long[] v = new long[f.length];
        for (int i = 0; i < f.length; i++) v[i] = (long) Double.parseDouble(f[i]);
        return v;
    }

    @Test
    void hpccThroughTheAlpuRtlAgreesWithTheReferenceAndSmallUnitsNeedSoftware() {
        // HPCC posts MPI_ANY_SOURCE receives and queues up to 6 deep: 4-cell units overflow into software
        int code = replay(hpcc(), "--through", "alpu", "--ranks", "0", "--cells", "4", "--block", "2");
        String out = cli.out.toString();
        assertEquals(0, code, out + cli.err);
        assertTrue(out.startsWith("hpcc through the ALPU RTL on the " + tagmatch.sim.backends.Simulators.defaultBackend()
                + " backend (NIC driver, PRQ and UMQ units of 4 cells, block 2"), out);
        long[] all = allRow(out); // streams posts arrivals agree alone software cycles/op batches
        assertEquals(all[1] + all[2], all[3], "every post and arrival agrees: " + out);
        assertEquals(all[3], all[4] + all[5], out);
        assertTrue(all[5] > 0, "some operations searched software: " + out);
        assertTrue(all[4] > all[5], "most were answered by the ALPU alone: " + out);
        assertTrue(all[6] >= 2, "cycles per operation: " + out);
        assertTrue(out.contains("every one of the " + all[3] + " posts and arrivals gave the reference matcher's result"), out);
    }

    @Test
    void hpccThroughTheFirmwareOnFourThreadsAgreesWithTheReference() {
        int code = replay(hpcc(), "--through", "firmware", "--threads", "4", "--bins", "16");
        String out = cli.out.toString();
        assertEquals(0, code, out + cli.err);
        assertTrue(out.startsWith("hpcc through the generated firmware (native libotm.so, 4 threads, 16 bins"), out);
        long[] all = allRow(out); // streams posts arrivals agree blocks conflicts fast slow in-order fallbacks
        assertEquals(all[1] + all[2], all[3], out);
        assertTrue(all[4] > 0 && all[4] <= all[2], out);
        // whatever the timing: a stream's first block of several messages is matched optimistically, and on
        // ranks 1 to 3 that block holds messages that share a key while no wildcard receive is posted
        // (per-key resolution): each one behind an older one of its key is counted on the fast path
        assertTrue(all[6] + all[7] > 0, "fast and slow paths counted: " + out);
        assertEquals(8, out.split("\\R").length, "title, column heads, a row per rank (4), the all row, the verdict: " + out);
    }

    @Test
    void replayShowsAProgressBarOfOperations() {
        java.io.PrintStream saved = System.err;
        java.io.ByteArrayOutputStream bar = new java.io.ByteArrayOutputStream();
        System.setErr(new java.io.PrintStream(bar, true, java.nio.charset.StandardCharsets.UTF_8));
        int code;
        try {
            code = cli.run("trace", "replay", "--cache", tmp.resolve("cache").toString(), Dumpi.root().resolve("data/traces/mpi-wildcard-n2").toString(),
                    "--through", "firmware");
        } finally {
            System.setErr(saved);
        }
        assertEquals(0, code, cli.out + "" + cli.err);
        String shown = bar.toString(java.nio.charset.StandardCharsets.UTF_8);
        // not on a terminal: plain lines; the bar counts the posts and arrivals replayed, 98 + 98
        assertTrue(shown.matches("(?s).*replay mpi-wildcard-n2 through firmware: 196/196 operations \\(100%\\).*") && !shown.contains("\r"), shown);
    }

    @Test
    void aTraceUsingWhatTheTargetCannotTakeFailsBeforeAnyRunNamingTheEvent() {
        int code = replay(hpcc(), "--through", "firmware", "--no-any-source");
        assertEquals(1, code, "a failure (UserError, exit 1), not a crash");
        String err = cli.err.toString().trim();
        assertTrue(err.matches("tagmatch trace replay: hpcc cannot go through this firmware build: rank \\d+, communicator \\d+, event \\d+ "
                + "Post.* receives with MPI_ANY_SOURCE, which the no-any-source hint forbids \\(drop --no-any-source / --no-any-tag\\)"), err);
        assertEquals("", cli.out.toString());

        CliRun narrow = new CliRun();
        code = narrow.run("trace", "replay", "--no-progress", "--no-cache", hpcc(), "--through", "alpu", "--match-layout", "10,16,8");
        assertEquals(1, code, "a failure (UserError, exit 1), not a crash");
        assertTrue(narrow.err.toString().contains("hpcc cannot go through the ALPU: rank 0, communicator 2, event "), narrow.err.toString());
        assertTrue(narrow.err.toString().contains("does not fit the 8-bit tag field of the match bits: must be 0..255"), narrow.err.toString());
    }

    @Test
    void badOptionsAreRejectedBeforeAnyWork() {
        String[][] cases = {
            {"--through", "gpu"}, {"--through", "alpu", "--ranks", "4"}, {"--through", "alpu", "--cells", "3"},
            {"--through", "alpu", "--match-layout", "10,16"}, {"--through", "firmware", "--bins", "3"},
            {"--through", "alpu", "--threshold", "0"}, {"--through", "firmware", "--max-unexpected", "0"},
            {"--through", "dpa", "--dpa-events", "0"}, {"--through", "dpa", "--dpa-cells", "40"}, {"--through", "dpa", "--ranks", "0"},
            {"--through", "dpa", "--latency", "8"}, {"--through", "dpa", "--cores", "0"}, {"--through", "dpa", "--host-latency", "99999"},
        };
        String[] want = {"--through must be one of alpu, firmware, dpa, got 'gpu'", "--ranks must be in 0..3, the ranks of trace hpcc, got 4",
            "--cells must be a multiple of BLOCK", "--match-layout must be three bit counts COMM,SOURCE,TAG, got [10, 16]", "--bins must be a power of two in 1..65536, got 3", "--threshold must be >= 1, got 0",
            "--max-unexpected must be in 1..1048576, got 0", "--dpa-events must be in 1..16384, got 0",
            "--dpa-cells must be a multiple of 16 in 16..4096, got 40", "--ranks must be left out with --through dpa",
            "--latency applies to flat memory", "--cores must be in 1..16, got 0", "--host-latency must be in 0.."};
        for (int i = 0; i < cases.length; i++) {
            CliRun c = new CliRun();
            List<String> args = new java.util.ArrayList<>(List.of("trace", "replay", "--no-progress", "--no-cache", hpcc()));
            args.addAll(List.of(cases[i]));
            assertEquals(2, c.run(args.toArray(new String[0])), String.join(" ", cases[i]) + ": " + c.err);
            assertTrue(c.err.toString().contains(want[i]), c.err.toString());
            assertEquals(1, c.err.toString().trim().split("\\R").length, c.err.toString());
        }
    }
}

package tagmatch.tools.figure;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tagmatch.tools.CliRun;

class FigureCommandTest {
    @TempDir
    Path tmp;

    private void assertUsage(String expected, String... args) {
        CliRun cli = new CliRun();
        int code = cli.run(args);
        assertEquals(2, code, cli.err.toString());
        assertEquals(expected, cli.err.toString().strip());
    }

    @Test
    void aFigureMustBeNamedAndExist() {
        assertUsage("tagmatch figure: FIGURE must be given: one of 5, 6, 8, offload-naive, offload-seqnum, prefetch, offload-nic, got none", "figure");
        assertUsage("tagmatch figure: Unmatched argument at index 1: '7' (see 'tagmatch figure --help')", "figure", "7");
    }

    @Test
    void badOptionsAreNamedBeforeAnyWork() throws IOException {
        String out = tmp.resolve("fig").toString();
        assertUsage("tagmatch figure 5: --fractions must be in (0, 1] each, got 1.5", "figure", "5", "--fractions", "1.5", "--out", out);
        assertUsage("tagmatch figure 5: --device must be one of rtl, model, got 'fpga'", "figure", "5", "--device", "fpga", "--out", out);
        assertUsage("tagmatch figure 6: --clock-mhz must be a positive number, got 0.0", "figure", "6", "--clock-mhz", "0", "--out", out);
        assertUsage("tagmatch figure 6: --overlap-ns must be >= 0, got -1.0", "figure", "6", "--overlap-ns", "-1", "--out", out);
        assertUsage("tagmatch figure 5: --step must be in 1..32, got 0", "figure", "5", "--max-length", "32", "--step", "0", "--out", out);
        assertUsage("tagmatch figure 5: --cells must be a multiple of BLOCK (8), got 12", "figure", "5", "--cells", "12", "--out", out);
        assertUsage("tagmatch figure 6: --on must be one of host, dpa, got 'fpga'", "figure", "6", "--on", "fpga", "--out", out);
        try (var files = Files.list(tmp)) {
            assertEquals(0, files.count(), "a refused run wrote something");
        }
    }

    @Test
    void anOptionOfAnotherFigureIsUnknownAndOneOfTheDpaIsRefusedOnTheHost() throws IOException {
        String out = tmp.resolve("fig").toString();
        assertUsage("tagmatch figure 8: Unknown options: '--cells', '8' (see 'tagmatch figure 8 --help')", "figure", "8", "--cells", "8", "--out", out);
        assertUsage("tagmatch figure 5: Unknown options: '--k', '10' (see 'tagmatch figure 5 --help')", "figure", "5", "--k", "10", "--out", out);
        assertUsage("tagmatch figure 5: Unknown options: '--sequences', '3' (see 'tagmatch figure 5 --help')", "figure", "5", "--on", "dpa",
                "--sequences", "3", "--out", out);
        // the transfer's overlap is figure 6's: the posted queue's search overlaps nothing
        assertUsage("tagmatch figure 5: Unknown options: '--overlap-ns', '3' (see 'tagmatch figure 5 --help')", "figure", "5", "--overlap-ns", "3",
                "--out", out);
        assertUsage("tagmatch figure 8: --sequences applies to --on dpa only, got it with --on host", "figure", "8", "--sequences", "5", "--out", out);
        assertUsage("tagmatch figure 8: --host-latency applies to --on dpa only, got it with --on host", "figure", "8", "--host-latency", "0",
                "--out", out);
        assertUsage("tagmatch figure 5: --cores applies to --on dpa only, got it with --on host", "figure", "5", "--cores", "2", "--out", out);
        assertUsage("tagmatch figure 6: --host-latency applies to --on dpa only, got it with --on host", "figure", "6", "--host-latency", "0",
                "--out", out);
        assertUsage("tagmatch figure 5: --latency applies to flat memory; --on dpa runs the optimistic, likely and pessimistic settings",
                "figure", "5", "--on", "dpa", "--latency", "8", "--out", out);
        try (var files = Files.list(tmp)) {
            assertEquals(0, files.count(), "a refused run wrote something");
        }
    }

    @Test
    void badFigureEightOptionsAreNamedBeforeAnyWork() throws IOException {
        String out = tmp.resolve("fig8").toString();
        assertUsage("tagmatch figure 8: --k must be in 1..30000, got 0", "figure", "8", "--k", "0", "--out", out);
        assertUsage("tagmatch figure 8: --repeat must be in 1..1000000, got 0", "figure", "8", "--repeat", "0", "--out", out);
        assertUsage("tagmatch figure 8: --warmup must be in 0..1000000, got -1", "figure", "8", "--warmup", "-1", "--out", out);
        assertUsage("tagmatch figure 8: --runs must be in 1..99, got 100", "figure", "8", "--runs", "100", "--out", out);
        assertUsage("tagmatch figure 8: --threads must be in 1..64, got 65", "figure", "8", "--threads", "65", "--out", out);
        assertUsage("tagmatch figure 8: --bins must be a power of two in 1..65536, got 100",
                "figure", "8", "--bins", "100", "--out", out);
        assertUsage("tagmatch figure 8: --sequences must be in 1..100000, got 0", "figure", "8", "--on", "dpa", "--sequences", "0", "--out", out);
        assertUsage("tagmatch figure 8: --ack-cycles must give 3 values (optimistic, likely, pessimistic), got 2", "figure", "8", "--on", "dpa",
                "--ack-cycles", "1,2", "--out", out);
        assertUsage("tagmatch figure 8: --ack-cycles must be in 0..4294967295, got 4294967296", "figure", "8", "--on", "dpa",
                "--ack-cycles", "1,2,4294967296", "--out", out);
        assertUsage("tagmatch figure 8: --k must be in 1..1024, got 2000", "figure", "8", "--on", "dpa", "--k", "2000", "--out", out);
        assertUsage("tagmatch figure 8: --threads must be in 1..8, got 16", "figure", "8", "--on", "dpa", "--cores", "2", "--threads-per-core", "4",
                "--threads", "16", "--out", out);
        assertUsage("tagmatch figure 8: --host-latency must be in 0..4095, got 9999", "figure", "8", "--on", "dpa", "--host-latency", "9999",
                "--out", out);
        assertUsage("tagmatch figure 8: --latency applies to flat memory; --on dpa runs the optimistic, likely and pessimistic settings",
                "figure", "8", "--on", "dpa", "--latency", "8", "--out", out);
        try (var files = Files.list(tmp)) {
            assertEquals(0, files.count(), "a refused run wrote something");
        }
    }

    @Test
    void figureEightOnTheDpaDrawsThePingPongOfTheThreeCasesAsABandBesideOpenMpiTheNativeLinesAndRdmaOnly() throws IOException {
        Path out = tmp.resolve("fig8-dpa");
        CliRun cli = new CliRun();
        int code = cli.run("figure", "8", "--on", "dpa", "--k", "4", "--sequences", "2", "--threads", "4", "--bins", "16", "--runs", "1",
                "--repeat", "20", "--warmup", "0", "--out", out.toString());
        assertEquals(0, code, cli.err.toString());
        java.awt.image.BufferedImage png = javax.imageio.ImageIO.read(out.resolve("figure8.png").toFile());
        assertEquals(1000, png.getWidth());
        List<String> csv = Files.readAllLines(out.resolve("figure8.csv"));
        assertEquals(1 + 4 * 3, csv.size(), String.join("\n", csv));
        for (String row : csv.subList(1, csv.size())) {
            String[] f = row.split(",");
            // every DPA row: 2 sequences of 4 messages through the handler, each run checked against the reference
            assertEquals("8", f[5], row);
            boolean rdmaOnly = f[0].equals("rdma-only");  // no Open MPI or native columns
            assertTrue(Long.parseLong(f[6]) > 0 && (rdmaOnly || Double.parseDouble(f[9]) > 0 && Double.parseDouble(f[12]) > 0), row);
        }
        String text = cli.out.toString();
        for (String c : List.of("no conflict:", "conflict, fast path:", "conflict, slow path:", "RDMA only (the handler built without matching)"))
            assertTrue(text.contains(c), text);
        assertTrue(text.startsWith("The DPA ran 2 sequences per case and setting, not the seed's 500"), text);
        assertTrue(text.endsWith("wrote " + out + "/{figure8.md,figure8.csv,figure8.png}\n"), text);
    }

    @Test
    void figureFiveOnTheDpaMeasuresTheHandlersSearchWithTheListAndTheUnitBesideTheModel() throws IOException {
        Path out = tmp.resolve("fig5-dpa");
        CliRun cli = new CliRun();
        int code = cli.run("figure", "5", "--on", "dpa", "--device", "model", "--cells", "8", "--block", "4", "--max-length", "3", "--step", "3",
                "--fractions", "1", "--threads-per-core", "2", "--out", out.toString());
        assertEquals(0, code, cli.err.toString());
        List<String> csv = Files.readAllLines(out.resolve("figure5-dpa.csv"));
        // lengths 0..3, the list and one ALPU, three memory settings
        assertEquals(1 + 4 * 2 * 3, csv.size(), String.join("\n", csv));
        // each search under the three settings: the band the figure draws, slower memory slower
        // (how the latency grows with the entries walked, ClusterLatencyProbeTest checks on one queue)
        Map<String, Map<String, Long>> bySearch = new TreeMap<>();
        for (String row : csv.subList(1, csv.size())) {
            String[] f = row.split(",");
            assertTrue(Long.parseLong(f[4]) > 0, row);
            bySearch.computeIfAbsent(f[0] + " " + f[2], k -> new HashMap<>()).put(f[3], Long.parseLong(f[4]));
        }
        for (var e : bySearch.entrySet()) {
            var c = e.getValue();
            assertTrue(c.get("optimistic") < c.get("likely") && c.get("likely") < c.get("pessimistic"), e.getKey() + ": " + c);
        }
        assertTrue(javax.imageio.ImageIO.read(out.resolve("figure5-dpa.png").toFile()).getWidth() > 0);
        String text = cli.out.toString();
        assertTrue(text.contains("ALPU 8 cells, 100% searched, likely memory: on the cluster no slower than the list from "), text);
        assertTrue(text.endsWith("wrote " + out + "/{figure5-dpa.md,figure5-dpa.csv,figure5-dpa.png}\n"), text);
    }

    @Test
    void figureFiveWritesItsFilesAndPrintsTheModelAndTheBreakEven() throws IOException {
        Path out = tmp.resolve("fig5");
        CliRun cli = new CliRun();
        int code = cli.run("figure", "5", "--device", "model", "--cells", "8,16", "--block", "4", "--max-length", "40", "--step", "4",
                "--fractions", "1", "--out", out.toString());
        assertEquals(0, code, cli.err.toString());
        for (String f : List.of("figure5.md", "figure5.csv", "figure5.png")) assertTrue(Files.size(out.resolve(f)) > 0, f);
        String text = cli.out.toString();
        assertTrue(text.startsWith("Model: 15 ns per entry traversed"), text);
        assertTrue(text.contains("ALPU 8 cells, 100% searched: break-even at 7 entries; flat at 98 ns up to 8 entries"), text);
        assertTrue(text.endsWith("wrote " + out + "/{figure5.md,figure5.csv,figure5.png}\n"), text);
    }
}

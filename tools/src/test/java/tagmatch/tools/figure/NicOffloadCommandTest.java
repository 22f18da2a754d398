package tagmatch.tools.figure;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tagmatch.tools.CliRun;

class NicOffloadCommandTest {
    /** A one-core cluster with an 8-cell PRQ unit, one handler thread: the cheapest system the figure runs on. */
    static final String[] SMALL = {"--cores", "1", "--threads-per-core", "2", "--banks", "1", "--ram-mib", "16", "--threads", "1", "--sim", "verilator"};

    @TempDir
    Path tmp;

    private static String[] args(Path out, String... more) {
        List<String> a = new java.util.ArrayList<>(List.of("figure", "offload-nic"));
        a.addAll(List.of(SMALL));
        a.addAll(List.of(more));
        a.addAll(List.of("--out", out.toString()));
        return a.toArray(new String[0]);
    }

    @Test
    void theNicsListMatchesTheOffloadedReceivesAndTheirReadsHideBehindTheCompute() throws IOException {
        Path out = tmp.resolve("nic");
        CliRun cli = new CliRun();
        assertEquals(0, cli.run(args(out, "--window", "12", "--list-sizes", "8", "--wire-latencies", "2700")), cli.err.toString());
        String printed = cli.out.toString();
        assertTrue(printed.endsWith("wrote " + out + "/{seed003-nic.txt,seed003-nic.csv,seed003-nic-overlap.png,seed003-nic-bandwidth.png}"
                + System.lineSeparator()), printed);
        List<String> lines = Files.readAllLines(out.resolve("seed003-nic.csv"));
        assertEquals(1 + 3 * 2, lines.size(), "a header, then each memory setting offloaded and onloaded");
        for (String line : lines.subList(1, lines.size())) {
            String[] f = line.split(",");
            boolean offloaded = f[3].equals("offloaded");
            // list_size,wire_cycles,memory,mode,offloaded,nic_list_matches,...
            assertEquals(offloaded ? "8" : "0", f[4], line);
            assertEquals(offloaded ? "8" : "0", f[5], "messages the NIC matched in its list: " + line);
        }
        double off = overlap(lines, "likely", "offloaded"), on = overlap(lines, "likely", "onloaded");
        assertTrue(off > on, "offloaded overlap " + off + " against onloaded " + on);
        byte[] png = Files.readAllBytes(out.resolve("seed003-nic-overlap.png"));
        assertArrayEquals(new byte[] {(byte) 0x89, 'P', 'N', 'G'}, Arrays.copyOf(png, 4));
    }

    private static double overlap(List<String> lines, String memory, String mode) {
        for (String l : lines) {
            String[] f = l.split(",");
            if (f[2].equals(memory) && f[3].equals(mode)) return Double.parseDouble(f[8]);
        }
        throw new AssertionError("no row " + memory + " " + mode);
    }

    @Test
    void badOptionsAreNamedInOneLineAndNothingIsWritten() {
        String[][] cases = {
                {"--list-sizes", "0", "--list-sizes must be in 2..4096, got 0"},
                {"--list-sizes", "7", "--list-sizes must be even with --matcher alpu, got 7"},
                {"--wire-latencies", "-1", "--wire-latencies must be in 0..4095, got -1"},
                {"--window", "0", "--window must be in 1..1024, got 0"},
                {"--non-contiguous-at", "64", "--non-contiguous-at must be in 0..63, got 64"},
                {"--non-contiguous-at", "-1", "--non-contiguous-at must be in 0..63, got -1"},
                {"--bytes", "1024", "--bytes must be in 16384..1073741824, got 1024"},
                {"--policy", "ordered", "--policy must be one of naive, seqnum, adaptive, got 'ordered'"},
                {"--wire-latency", "100", "--wire-latency must be left out (the figure sweeps --wire-latencies), got 100"},
        };
        for (String[] c : cases) {
            CliRun cli = new CliRun();
            assertEquals(2, cli.run(args(tmp.resolve("x"), c[0], c[1])), c[0] + ": " + cli.err);
            assertEquals("tagmatch figure offload-nic: " + c[2], cli.err.toString().strip());
            assertFalse(Files.exists(tmp.resolve("x")));
        }
    }
}

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

class OffloadWindowCommandTest {
    @TempDir
    Path tmp;

    /** Runs the command and returns its CSV's rows: the position of the first non-contiguous receive, then each policy's share. */
    private List<String[]> figure(String command, String png) throws IOException {
        Path out = tmp.resolve(command);
        CliRun cli = new CliRun();
        assertEquals(0, cli.run("figure", command, "--window", "64", "--iterations", "2", "--out", out.toString()), cli.err.toString());
        assertTrue(cli.out.toString().contains("; success 100.0 %, hw/offl 100.0 %"), cli.out.toString());
        assertTrue(cli.out.toString().endsWith("wrote " + out + "/{" + png + ".md," + png + ".csv," + png + ".png}" + System.lineSeparator()),
                cli.out.toString());
        byte[] bytes = Files.readAllBytes(out.resolve(png + ".png"));
        assertArrayEquals(new byte[] {(byte) 0x89, 'P', 'N', 'G'}, Arrays.copyOf(bytes, 4));
        List<String> lines = Files.readAllLines(out.resolve(png + ".csv"));
        assertEquals(1 + 1 + 64, lines.size(), "a header, no non-contiguous receive, then each of 64 positions");
        return lines.stream().skip(1).map(l -> l.split(",")).toList();
    }

    @Test
    void figureTwoNaiveOffloadsNoneOfAWindowOpenedByANonContiguousReceiveAndAllOfACleanOne() throws IOException {
        List<String[]> rows = figure("offload-naive", "seed003-figure2");
        assertEquals("none", rows.get(0)[0]);
        assertEquals(1.0, Double.parseDouble(rows.get(0)[1]));
        for (int at = 0; at < 64; at++) {
            assertEquals(Integer.toString(at), rows.get(at + 1)[0]);
            assertEquals(at / 64.0, Double.parseDouble(rows.get(at + 1)[1]), 1e-6, "the receives before the first non-contiguous one");
        }
        // every message is expected: no offload is cancelled and every one is matched in hardware
        assertEquals(1.0, Double.parseDouble(rows.get(0)[2]), "success rate");
        assertEquals(1.0, Double.parseDouble(rows.get(0)[3]), "hardware match rate");
    }

    @Test
    void figureSixSequenceNumbersOffloadAtLeast63Of64WhereverTheNonContiguousReceiveIs() throws IOException {
        List<String[]> rows = figure("offload-seqnum", "seed003-figure6");
        assertEquals(1.0, Double.parseDouble(rows.get(0)[1]));
        for (int at = 0; at < 64; at++) {
            assertTrue(Double.parseDouble(rows.get(at + 1)[1]) >= 63 / 64.0, "seqnum at " + at + ": " + rows.get(at + 1)[1]);
            assertEquals(at / 64.0, Double.parseDouble(rows.get(at + 1)[2]), 1e-6, "naive drawn beside it");
        }
    }

    @Test
    void badOptionsAreNamedBeforeAnyWork() throws IOException {
        CliRun cli = new CliRun();
        assertEquals(2, cli.run("figure", "offload-naive", "--window", "0", "--out", tmp.resolve("x").toString()));
        assertEquals("tagmatch figure offload-naive: --window must be in 1..4096, got 0", cli.err.toString().strip());
        CliRun cli2 = new CliRun();
        assertEquals(2, cli2.run("figure", "offload-seqnum", "--iterations", "1001", "--out", tmp.resolve("x").toString()));
        assertEquals("tagmatch figure offload-seqnum: --iterations must be in 1..1000, got 1001", cli2.err.toString().strip());
        assertFalse(Files.exists(tmp.resolve("x")));
    }
}

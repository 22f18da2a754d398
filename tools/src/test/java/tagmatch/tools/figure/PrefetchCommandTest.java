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

class PrefetchCommandTest {
    @TempDir
    Path tmp;

    @Test
    void figureEightPrefetchesEveryMessageOfAReceiverLateByMoreThanAReadAndNoneOfOneOnTime() throws IOException {
        Path out = tmp.resolve("fig8");
        CliRun cli = new CliRun();
        assertEquals(0, cli.run("figure", "prefetch", "--skews-us", "0,10,1000", "--iterations", "2", "--out", out.toString()), cli.err.toString());
        String printed = cli.out.toString();
        assertTrue(printed.contains("a read takes 84.9 µs"), printed);
        String name = "seed003-figure8";
        assertTrue(printed.endsWith("wrote " + out + "/{" + name + ".md," + name + ".csv," + name + ".png}" + System.lineSeparator()), printed);
        // skew, messages, unexpected, prefetched, useful, useless, no slot, declined
        assertEquals(List.of("skew_ns,messages,unexpected,prefetched,useful,useless,no_slot,declined",
                "0,128,0,0,0,0,0,0",
                "10000,128,128,10,0,10,0,118",
                "1000000,128,128,128,128,0,0,0"), Files.readAllLines(out.resolve("seed003-figure8.csv")));
        byte[] png = Files.readAllBytes(out.resolve("seed003-figure8.png"));
        assertArrayEquals(new byte[] {(byte) 0x89, 'P', 'N', 'G'}, Arrays.copyOf(png, 4));
    }

    @Test
    void aPoolSmallerThanTheWindowPrefetchesOnlyAsManyAsItHasSlots() throws IOException {
        Path out = tmp.resolve("pool");
        CliRun cli = new CliRun();
        assertEquals(0, cli.run("figure", "prefetch", "--skews-us", "1000", "--iterations", "1", "--pool-slots", "16", "--out", out.toString()),
                cli.err.toString());
        assertEquals("1000000,64,64,16,16,0,48,0", Files.readAllLines(out.resolve("seed003-figure8.csv")).get(1));
    }

    @Test
    void badOptionsAreNamedInOneLineAndNothingIsWritten() {
        String[][] cases = {
                {"--useful-share", "1.5", "--useful-share must be in 0..1, got 1.5"},
                {"--bytes", "1024", "--bytes must be in 16384..1073741824, got 1024"},
                {"--skews-us", "5,-1", "--skews-us must be in 0..10000000, got -1"},
                {"--history", "0", "--history must be in 1..1048576, got 0"},
        };
        for (String[] c : cases) {
            CliRun cli = new CliRun();
            assertEquals(2, cli.run("figure", "prefetch", c[0], c[1], "--out", tmp.resolve("x").toString()), c[0]);
            assertEquals("tagmatch figure prefetch: " + c[2], cli.err.toString().strip());
            assertFalse(Files.exists(tmp.resolve("x")));
        }
    }
}

package tagmatch.bench.figure;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tagmatch.process.ProgressMeter;

class MessageRateFigureTest {
    @TempDir
    Path tmp;

    @Test
    void measuresTheHandlerBesideOpenMpiAndWritesTableCsvAndPlot() throws IOException {
        Path work = Files.createDirectory(tmp.resolve("work")), out = Files.createDirectory(tmp.resolve("out"));
        MessageRateFigure fig = MessageRateFigure.measure(new MessageRateFigure.Setup(10, 5, 1, 1, 2, 16), work, ProgressMeter.Factory.NONE);
        assertEquals(List.of("figure8.md", "figure8.csv", "figure8.png"), fig.write(out));
        for (String f : List.of("figure8.md", "figure8.csv", "figure8.png")) assertTrue(Files.size(out.resolve(f)) > 0, f);
        List<String> csv = Files.readAllLines(out.resolve("figure8.csv"));
        assertEquals(List.of("no-conflict", "fast-path", "slow-path", "in-order"), csv.subList(1, csv.size()).stream().map(l -> l.split(",")[0]).toList());
        for (String line : csv.subList(1, csv.size())) {
            String[] f = line.split(",");
            assertTrue(Double.parseDouble(f[2]) > 0 && Double.parseDouble(f[3]) > 0, "both rates measured: " + line);
        }
        String md = fig.markdown();
        assertTrue(md.contains("host threads stand in for the DPA threads"), md);
        // the slow-path case runs the build without the fast path: it never resolves on it
        String[] slow = rowOf(md, "conflict, slow path").split("\\|");
        assertEquals("0", slow[8].trim(), "fast-path resolutions in the ablation build: " + String.join("|", slow));
        // the seed's cases match every block optimistically
        for (String seedCase : List.of("no conflict", "conflict, fast path", "conflict, slow path")) {
            assertEquals("0", rowOf(md, seedCase).split("\\|")[10].trim(), seedCase + ": in-order messages");
        }
        assertTrue(fig.summaryText().contains("seed's order (no conflict > fast path > slow path) on the handler: "), fig.summaryText());
    }

    private static String rowOf(String md, String label) {
        return md.lines().filter(l -> l.startsWith("| " + label + " |")).findFirst().orElseThrow();
    }
}

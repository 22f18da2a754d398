package tagmatch.tools.sweep;

import tagmatch.eda.sweep.ResultLine;
import tagmatch.eda.sweep.ResultStore;
import tagmatch.eda.sweep.SweepReport;
import tagmatch.eda.sweep.TaskVerdict;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.awt.image.BufferedImage;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tagmatch.tools.CliRun;

/**
 * The {@code pnr} step is {@code tagmatch synth --pnr} on each configuration: a design that fits
 * the iCE40 HX8K passes with its logic cells and Fmax, one that does not (100 match bits need more
 * I/O cells than the package has) is skipped with the reason in its line and does not fail the
 * sweep; the report takes ns per match from the routed Fmax where there is one.
 */
class SweepPnrTest {
    @Test
    void routesWhatFitsSkipsWhatDoesNotAndTheReportUsesTheRoutedClock(@TempDir Path dir) throws Exception {
        Path out = dir.resolve("out");
        CliRun sweep = new CliRun();
        assertEquals(0, sweep.run("sweep", "--cells", "4", "--block", "2", "--match-width", "3,100", "--tag-width", "2",
                "--steps", "rtl,pnr", "--pnr-seed", "2", "--out", out.toString()), sweep.out + "" + sweep.err);
        String said = sweep.out.toString();
        assertTrue(said.contains("sweep: 3 of 4 tasks pass, 1 skipped, 0 failed, 0 missing"), said);
        Matcher skip = Pattern.compile("  skipped: prq-4x2-m100-t2-f4\\.pnr \\(alpu_prq does not fit the iCE40 HX8K CT256: (\\d+) I/O cells, "
                + "the package has (\\d+)\\)").matcher(said);
        assertTrue(skip.find(), said);
        assertTrue(Integer.parseInt(skip.group(1)) > Integer.parseInt(skip.group(2)), said);

        ResultStore store = ResultStore.existing(out);
        ResultLine skipped = store.read("prq-4x2-m100-t2-f4.pnr").orElseThrow();
        assertEquals(TaskVerdict.SKIP, skipped.verdict());
        assertEquals("hx8k-ct256", skipped.figures().get("device"));
        ResultLine routed = store.read("prq-4x2-m3-t2-f4.pnr").orElseThrow();
        assertEquals(TaskVerdict.PASS, routed.verdict());
        double fmax = routed.number("fmax_mhz");
        int interval = routed.number("match_interval").intValue();
        assertEquals(store.read("prq-4x2-m3-t2-f4.rtl").orElseThrow().number("match_interval").intValue(), interval);
        assertEquals(interval * 1000.0 / fmax, routed.number("ns_per_match"), 0.001);
        assertEquals(2, routed.number("seed").intValue());
        assertTrue(routed.tools().get("nextpnr-ice40").contains("nextpnr"), routed.tools().toString());

        // The same figures as tagmatch synth --pnr prints for that configuration and seed.
        CliRun alone = new CliRun();
        assertEquals(0, alone.run("synth", "--pnr", "--cells", "4", "--block", "2", "--match-width", "3", "--tag-width", "2", "--seed", "2"),
                alone.err.toString());
        assertTrue(alone.out.toString().startsWith(String.format(Locale.ROOT, "alpu_prq (hx8k-ct256, seed 2): %d/7680 LCs, %d IOs, Fmax %.2f MHz",
                routed.number("logic_cells").intValue(), routed.number("ios").intValue(), fmax)), alone.out + " / " + routed);

        CliRun report = new CliRun();
        assertEquals(0, report.run("sweep", "report", out.toString(), "--clock-mhz", "125"), report.out + "" + report.err);
        List<String> csv = Files.readAllLines(out.resolve("report").resolve("sweep.csv"));
        assertEquals("variant,cells,block,match_w,tag_w,fifo,rtl,rtl.match_latency,rtl.match_interval,rtl.verilog_bytes,"
                + "pnr,pnr.logic_cells,pnr.fmax_mhz,pnr.ns_per_match,clock_mhz,clock_from,ns_per_match", csv.get(0));
        assertTrue(csv.get(1).startsWith("prq,4,2,3,2,4,pass,"), csv.get(1));
        assertTrue(csv.get(1).endsWith(String.format(Locale.ROOT, ",pass,%d,%s,%s,%.2f,pnr,%.2f", routed.number("logic_cells").intValue(),
                SweepReport.number(fmax), SweepReport.number(routed.number("ns_per_match")), fmax, interval * 1000.0 / fmax)), csv.get(1));
        int wideInterval = store.read("prq-4x2-m100-t2-f4.rtl").orElseThrow().number("match_interval").intValue();
        assertTrue(csv.get(2).endsWith(String.format(Locale.ROOT, ",skip,,,,125.00,assumed,%.2f", wideInterval * 8.0)), csv.get(2));
        String md = Files.readString(out.resolve("report").resolve("sweep.md"));
        assertTrue(md.contains("2 configurations, 4 tasks: 3 pass, 1 skipped, 0 failed, 0 missing.")
                && md.contains("## Skipped\n\n- prq-4x2-m100-t2-f4.pnr (alpu_prq does not fit the iCE40 HX8K CT256: "), md);
        for (String png : List.of("luts-ffs-vs-cells.png", "ns-per-match-vs-cells.png", "pareto-area-vs-time.png")) {
            BufferedImage img = ImageIO.read(out.resolve("report").resolve(png).toFile());
            assertEquals(900, img.getWidth(), png);
        }
    }

    @Test
    void aPlacerSeedBelowOneIsRefused(@TempDir Path dir) {
        CliRun cli = new CliRun();
        assertEquals(2, cli.run("sweep", "--steps", "pnr", "--pnr-seed", "0", "--out", dir.resolve("x").toString()));
        assertEquals("tagmatch sweep: --pnr-seed must be >= 1, got 0\n", cli.err.toString());
        CliRun depth = new CliRun();
        assertEquals(2, depth.run("sweep", "--steps", "prove", "--prove-depth", "201", "--out", dir.resolve("x").toString()));
        assertEquals("tagmatch sweep: --prove-depth must be in 1..200, got 201\n", depth.err.toString());
        assertTrue(!Files.exists(dir.resolve("x")));
    }
}

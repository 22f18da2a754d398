package tagmatch.tools.sweep;

import tagmatch.eda.sweep.ResultLine;
import tagmatch.eda.sweep.ResultStore;
import tagmatch.eda.sweep.SweepReport;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.awt.image.BufferedImage;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tagmatch.tools.CliRun;

class SweepReportTest {
    @Test
    void mergesTheLinesIntoTableCsvAndPlotsAndNamesWhatIsMissing(@TempDir Path dir) throws Exception {
        Path out = dir.resolve("out");
        CliRun sweep = new CliRun();
        assertEquals(0, sweep.run("sweep", "--variant", "umq", "--cells", "4,8", "--block", "2", "--match-width", "4", "--tag-width", "2",
                "--steps", "rtl,synth", "--out", out.toString()), sweep.out + "" + sweep.err);

        CliRun report = new CliRun();
        assertEquals(0, report.run("sweep", "report", out.toString(), "--clock-mhz", "125"), report.err.toString());
        Path r = out.resolve("report");
        List<String> csv = Files.readAllLines(r.resolve("sweep.csv"));
        assertEquals("variant,cells,block,match_w,tag_w,fifo,rtl,rtl.match_latency,rtl.match_interval,rtl.verilog_bytes,"
                + "synth,synth.luts,synth.flip_flops,synth.lut_depth,clock_mhz,clock_from,ns_per_match", csv.get(0));
        assertEquals(3, csv.size());
        ResultStore store = ResultStore.existing(out);
        for (int i = 0; i < 2; i++) {
            String key = i == 0 ? "umq-4x2-m4-t2-f4" : "umq-8x2-m4-t2-f4";
            ResultLine rtl = store.read(key + ".rtl").orElseThrow();
            ResultLine synth = store.read(key + ".synth").orElseThrow();
            double interval = rtl.number("match_interval");
            String expected = String.join(",", "umq", i == 0 ? "4" : "8", "2", "4", "2", "4", "pass",
                    SweepReport.number(rtl.number("match_latency")), SweepReport.number(interval),
                    SweepReport.number(rtl.number("verilog_bytes")), "pass", SweepReport.number(synth.number("luts")),
                    SweepReport.number(synth.number("flip_flops")), SweepReport.number(synth.number("lut_depth")), "125.00", "assumed",
                    String.format(java.util.Locale.ROOT, "%.2f", interval * 8.0));
            assertEquals(expected, csv.get(i + 1));
        }
        assertTrue(Files.readString(r.resolve("sweep.md")).contains("2 configurations, 4 tasks: 4 pass, 0 failed, 0 missing."));
        for (String png : List.of("luts-ffs-vs-cells.png", "ns-per-match-vs-cells.png", "pareto-area-vs-time.png")) {
            BufferedImage img = ImageIO.read(r.resolve(png).toFile());
            assertEquals(900, img.getWidth(), png);
        }

        Files.delete(store.file("umq-8x2-m4-t2-f4.synth"));
        CliRun partial = new CliRun();
        assertEquals(1, partial.run("sweep", "report", out.toString()));
        String md = Files.readString(r.resolve("sweep.md"));
        assertTrue(md.contains("2 configurations, 4 tasks: 3 pass, 0 failed, 1 missing.") && md.contains("## Missing\n\n- umq-8x2-m4-t2-f4.synth\n"), md);
        assertTrue(Files.readAllLines(r.resolve("sweep.csv")).get(2).contains(",missing,,,,"), Files.readString(r.resolve("sweep.csv")));
    }

    @Test
    void refusesADirectoryThatHoldsNoSweep(@TempDir Path dir) {
        CliRun cli = new CliRun();
        assertEquals(2, cli.run("sweep", "report", dir.toString()));
        assertEquals("tagmatch sweep report: DIR must be a sweep's results directory (with sweep.args), got " + dir, cli.err.toString().strip());
        CliRun clock = new CliRun();
        assertEquals(2, clock.run("sweep", "report", dir.toString(), "--clock-mhz", "0"));
        assertEquals("tagmatch sweep report: --clock-mhz must be in (0, 10000], got 0.0", clock.err.toString().strip());
    }
}

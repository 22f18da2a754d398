package tagmatch.testbench.firmware;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tagmatch.otm.OtmConfig;
import tagmatch.otm.OtmFootprint;

class FootprintReportTest {
    @Test
    void theContextGccBuildsIsTheComputedBreakdownComparedWithTheSeed(@TempDir Path dir) {
        OtmConfig cfg = OtmConfig.defaults().withBins(128).withCapacities(8192, 1024);
        OtmFootprint f = OtmFootprint.of(cfg);
        String text = FootprintReport.of(cfg, dir);
        assertTrue(text.startsWith("otm_ctx_bytes() = " + f.total() + " B "), text);
        assertTrue(text.contains(String.format("  receive index bins        %10d B%n", f.receiveBins())), text);
        assertTrue(text.contains(", ratio "), "128 bins and 8192 receives compare with the seed: " + text);
    }
}

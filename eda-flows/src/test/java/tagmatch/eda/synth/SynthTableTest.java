package tagmatch.eda.synth;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Map;

import org.junit.jupiter.api.Test;

class SynthTableTest {
    @Test
    void putsOurFiguresBesideThePapersWithRatios() {
        SynthReport ours = new SynthReport("alpu_prq", "xc2vp", 8_686, 28_908, 9, Map.of("LUT4", 8_686));
        String t = new SynthTable().add(PaperFigures.find("PRQ", 256, 8), ours).format();
        String[] lines = t.split("\n");
        assertEquals(3, lines.length);
        assertEquals("| PRQ | 256 | 8 | 17372 | 28908 | 7 | 8686 | 28908 | 9 | 0.50 | 1.00 |", lines[2]);
    }
}

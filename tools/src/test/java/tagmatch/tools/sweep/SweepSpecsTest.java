package tagmatch.tools.sweep;

import tagmatch.eda.sweep.Step;
import tagmatch.eda.sweep.Sweep;
import tagmatch.eda.sweep.SweepSpecs;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;
import tagmatch.alpu.rtl.ReferenceDesigns;

class SweepSpecsTest {
    @Test
    void theTableSpecIsTheSeedsTwelveReferenceDesignsInThePapersOrder() {
        Sweep table = SweepCommand.parseSpec(SweepSpecs.lines(SweepSpecs.TABLE_IV_V), "data/sweeps/table-iv-v.sweep");
        assertEquals(ReferenceDesigns.all().stream().map(ReferenceDesigns.Design::config).toList(), table.grid().configs());
        assertEquals(List.of("rtl", "synth"), table.steps().stream().map(Step::name).toList());
        assertEquals("xc2vp", table.family());
    }
}

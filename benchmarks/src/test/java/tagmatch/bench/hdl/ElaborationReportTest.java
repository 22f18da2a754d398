package tagmatch.bench.hdl;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

class ElaborationReportTest {
    @Test
    void eachSizeIsComparedWithTheOneBeforeItOfTheSameDesign() {
        String text = new ElaborationReport(List.of(
                new ElaborationReport.Row("tree", 16, 1.0, 1.0, 10),
                new ElaborationReport.Row("tree", 64, 6.0, 2.0, 40),
                new ElaborationReport.Row("file", 16, 3.0, 1.0, 20))).text();
        List<String> ratios = text.lines().skip(1).limit(3).map(l -> l.trim().split(" +")[5]).toList();
        assertEquals(List.of("baseline", "4.00x/4x", "baseline"), ratios, text);
    }

    @Test
    void everySizeOfEveryDesignIsMeasured() {
        ElaborationReport r = ElaborationBenchmark.measure(new ElaborationBenchmark.Settings(List.of(4, 8), 1));
        assertEquals(List.of("priority-tree w16 4", "priority-tree w16 8", "register-file w16 4", "register-file w16 8"),
                r.rows().stream().map(x -> x.design() + " " + x.entries()).toList());
    }
}

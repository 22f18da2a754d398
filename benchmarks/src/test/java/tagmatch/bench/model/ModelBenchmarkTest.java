package tagmatch.bench.model;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class ModelBenchmarkTest {
    @Test
    void printsOneRowPerStrategyWithRatioAndInspectedPerOp() {
        String text = ModelBenchmark.measure(new ModelBenchmark.Settings(List.of(16), List.of("burst"), List.of("linked-list", "single-hash"),
                1, 0, 1, 4, 128, 1)).text();
        assertTrue(text.contains("| burst | 16 | linked-list | "), text);
        // Burst: every arrival finds its receive at the head; posts in the posting round inspect nothing.
        assertTrue(text.matches("(?s).*\\| burst \\| 16 \\| linked-list \\| [0-9,]+ \\| 1\\.00 \\| 0\\.50 \\| 16 \\|.*"), text);
        assertTrue(text.contains("| burst | 16 | single-hash | "), text);
    }
}

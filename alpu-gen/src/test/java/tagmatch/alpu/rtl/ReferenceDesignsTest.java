package tagmatch.alpu.rtl;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The committed verilog-out/ holds exactly what the generator makes of the seed's Table IV/V configurations. */
class ReferenceDesignsTest {
    private static final Path DIR = Path.of("..", "verilog-out");

    @Test
    void committedVerilogOutIsCurrent() throws IOException {
        Map<String, String> expected = ReferenceDesigns.files();
        List<String> stale = new ArrayList<>();
        for (Map.Entry<String, String> f : expected.entrySet()) {
            Path p = DIR.resolve(f.getKey());
            if (!Files.isRegularFile(p) || !Files.readString(p).equals(f.getValue())) stale.add(f.getKey());
        }
        try (Stream<Path> s = Files.list(DIR)) {
            s.map(p -> p.getFileName().toString())
                    .filter(n -> n.matches("alpu_(prq|umq)_.*\\.v") && !expected.containsKey(n))
                    .forEach(n -> stale.add(n + " (no longer generated)"));
        }
        assertTrue(stale.isEmpty(), "verilog-out/ is stale, regenerate it with `./tagmatch rtl --reference`: " + stale);
    }

    @Test
    void twelveConfigurationsOfTheSeedTables() {
        assertEquals(12, ReferenceDesigns.all().size());
        assertEquals("alpu_prq_256x8", ReferenceDesigns.all().get(0).top());
        assertEquals("alpu_umq_128x32", ReferenceDesigns.all().get(11).top());
    }
}

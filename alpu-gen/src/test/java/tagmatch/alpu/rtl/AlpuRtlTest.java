package tagmatch.alpu.rtl;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tagmatch.alpu.AlpuConfig;
import tagmatch.alpu.Pipelining;
import tagmatch.alpu.Variant;
import tagmatch.hdl.ir.Circuit;
import tagmatch.hdl.ir.ModuleDef;
import tagmatch.hdl.ir.Port;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class AlpuRtlTest {
    @Test
    void prqTopHasTheDatasheetPortsInOrder() {
        Circuit c = AlpuRtl.elaborate(AlpuConfig.seed(16, 4, Variant.PRQ));
        assertEquals("alpu_prq", c.top().name());
        assertEquals(List.of("clk", "rst", "req_valid", "req_ready", "req_match", "cmd_valid", "cmd_ready", "cmd_op",
                "cmd_match", "cmd_mask", "cmd_tag", "rsp_valid", "rsp_ready", "rsp_kind", "rsp_tag", "rsp_free",
                "occupancy", "insert_mode", "error"), c.top().ports().stream().map(Port::name).toList());
        Port free = c.top().ports().stream().filter(p -> p.name().equals("rsp_free")).findFirst().orElseThrow();
        assertEquals(5, free.width());
    }

    @Test
    void umqTopTakesTheMaskWithTheRequest() {
        Circuit c = AlpuRtl.elaborate(AlpuConfig.of(8, 2, 5, 3, Variant.UMQ));
        List<String> names = c.top().ports().stream().map(Port::name).toList();
        assertTrue(names.contains("req_mask"));
        assertTrue(!names.contains("cmd_mask"));
    }

    @Test
    void identicalCellsAndBlocksBecomeOneModuleEach() {
        Circuit c = AlpuRtl.elaborate(AlpuConfig.seed(256, 8, Variant.PRQ), "x");
        List<String> names = c.modules().stream().map(ModuleDef::name).toList();
        assertEquals(1, names.stream().filter(n -> n.startsWith("x_PrqCell")).count(), names.toString());
        assertEquals(1, names.stream().filter(n -> n.startsWith("x_CellBlock")).count(), names.toString());
        assertTrue(names.stream().allMatch(n -> n.equals("x") || n.startsWith("x_")), names.toString());
    }

    @Test
    void everyFileHeaderStatesTheTimingFigures() {
        AlpuConfig cfg = AlpuConfig.seed(256, 8, Variant.PRQ);
        AlpuTiming t = AlpuTiming.of(cfg);
        Map<String, String> files = AlpuRtl.emit(cfg, "alpu_prq");
        for (String text : files.values()) {
            String header = text.lines().limit(3).reduce("", String::concat);
            assertTrue(header.contains("match_latency=" + t.matchLatency()) && header.contains("match_interval=" + t.matchInterval())
                    && header.contains("insert_interval=" + t.insertInterval()) && header.contains("r9_bound=" + t.r9Bound()), header);
        }
    }

    @Test
    void defaultPipeliningIsFourCyclesPerMatchAndTheSeedsFive() {
        AlpuConfig cfg = AlpuConfig.seed(256, 8, Variant.PRQ);
        AlpuTiming t = AlpuTiming.of(cfg);
        assertTrue(AlpuTiming.slotTags(cfg), "8-bit slots are narrower than 16-bit tags");
        assertEquals(7, t.matchLatency(), "accept, fan-out, compare, block, between blocks, decide, tag read, response");
        assertEquals(4, t.matchInterval(), "the next fan-out overlaps the delete");
        assertEquals(1, t.insertInterval());
        AlpuTiming seed = AlpuTiming.of(cfg.withPipelining(Pipelining.SEED));
        assertEquals(7, seed.matchLatency());
        assertEquals(5, seed.matchInterval(), "no overlap: the seed's prototype");
        AlpuTiming split = AlpuTiming.of(cfg.withPipelining(new Pipelining(true, true, true, true, true)));
        assertEquals(8, split.matchLatency());
        // Tags no wider than a slot number stay in the cells: no tag read.
        AlpuConfig narrow = AlpuConfig.of(256, 8, 42, 8, Variant.PRQ);
        assertFalse(AlpuTiming.slotTags(narrow));
        assertEquals(6, AlpuTiming.of(narrow).matchLatency());
        assertEquals(5, split.matchInterval());
        // Two blocks: the block and between-block priority share a cycle.
        assertEquals(3, AlpuTiming.of(AlpuConfig.seed(16, 8, Variant.PRQ)).matchInterval());
        assertEquals(2, AlpuTiming.of(AlpuConfig.seed(16, 8, Variant.PRQ).withPipelining(Pipelining.NONE)).matchInterval());
    }

    @Test
    void outputIsDeterministic() {
        AlpuConfig cfg = AlpuConfig.of(24, 4, 9, 5, Variant.UMQ);
        assertEquals(AlpuRtl.emit(cfg, "a"), AlpuRtl.emit(cfg, "a"));
    }

    @Test
    void badTopNameIsRefusedWithTheRule() {
        AlpuConfig cfg = AlpuConfig.seed(16, 4, Variant.PRQ);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> AlpuRtl.elaborate(cfg, "9bad"));
        assertEquals("TOP must be a Verilog identifier ([A-Za-z_][A-Za-z0-9_]*, not a keyword, at most 200 characters), got '9bad'",
                e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> AlpuRtl.elaborate(cfg, "module"));
    }

    @Test
    void filesInAreTheTopAndItsSubmodulesAndNothingElse(@TempDir Path dir) throws Exception {
        AlpuConfig cfg = AlpuConfig.of(4, 2, 4, 2, Variant.PRQ);
        List<Path> written = AlpuRtl.write(cfg, "alpu_prq", dir);
        AlpuRtl.write(cfg, "other", dir);
        Files.writeString(dir.resolve("alpu_prqx.v"), "");
        Files.writeString(dir.resolve("alpu_prq_notes.txt"), "");
        assertEquals(written.stream().sorted().toList(), AlpuRtl.filesIn(dir, "alpu_prq"));
    }
}

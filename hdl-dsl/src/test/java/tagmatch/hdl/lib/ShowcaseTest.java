package tagmatch.hdl.lib;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tagmatch.hdl.backend.VerilogTools;

class ShowcaseTest {
    @Test
    void theDemoShowsEveryCatalogBlockWithLegalParameters() {
        assertEquals(Catalog.blocks().stream().map(Catalog.Block::name).toList(), Showcase.all().stream().map(Showcase.Shown::name).toList());
        for (Showcase.Shown s : Showcase.all()) s.block().resolve(s.params());
    }

    @Test
    void aShownBlockIsWrittenCountedAndReadCleanByTheThreeReaders(@TempDir Path dir) throws Exception {
        Showcase.Shown fifo = Showcase.all().get(0);
        Catalog.Emitted e = fifo.emit(dir);
        List<Path> files;
        try (Stream<Path> s = Files.list(dir)) {
            files = s.sorted().toList();
        }
        Showcase.Row row = Showcase.check(fifo, e, files);
        assertEquals("SyncFifo", row.top());
        assertEquals(1, row.modules());
        assertEquals(Files.readAllLines(dir.resolve("SyncFifo.v")).size(), row.lines());
        assertEquals(List.of("verilator", "yosys", "iverilog"), row.readers().stream().map(VerilogTools.Result::tool).toList());
        assertTrue(row.ok(), row.readers().toString());
    }
}

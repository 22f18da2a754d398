package tagmatch.dpa;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tagmatch.hdl.backend.VerilogEmitter;
import tagmatch.hdl.backend.VerilogTools;
import tagmatch.hdl.core.Elaborator;
import tagmatch.hdl.ir.Circuit;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class DpaClusterVerilogTest {
    @TempDir
    Path dir;

    @Test
    void clusterVerilogIsCleanForVerilatorYosysAndIverilog() throws IOException {
        // three cores: the rotating arbitration with a count that is not a power of two
        Circuit c = Elaborator.elaborate(() -> new DpaCluster(new DpaConfig(3, 2, 2, 1)));
        VerilogEmitter.writeFiles(c, dir);
        List<Path> files;
        try (Stream<Path> s = Files.list(dir)) {
            files = s.filter(p -> p.toString().endsWith(".v")).sorted().toList();
        }
        for (VerilogTools.Result r : List.of(VerilogTools.verilatorLint(files, "DpaCluster"), VerilogTools.yosys(files, "DpaCluster"),
                VerilogTools.iverilog(files, "DpaCluster")))
            assertTrue(r.ok(), r.tool() + " rejected the cluster:\n" + r.output());
    }

    @Test
    void sameConfigurationGivesTheSameVerilog() {
        DpaConfig cfg = new DpaConfig(2, 2, 2, 1);
        assertEquals(VerilogEmitter.emit(Elaborator.elaborate(() -> new DpaCluster(cfg))),
                VerilogEmitter.emit(Elaborator.elaborate(() -> new DpaCluster(cfg))));
    }
}

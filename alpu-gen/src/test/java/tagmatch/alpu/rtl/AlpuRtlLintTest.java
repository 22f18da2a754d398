package tagmatch.alpu.rtl;

import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import tagmatch.alpu.AlpuConfig;
import tagmatch.alpu.Pipelining;
import tagmatch.alpu.Variant;
import tagmatch.hdl.backend.VerilogTools;

import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertTrue;

/** Generated Verilog of many sizes passes verilator -Wall, yosys and iverilog -g2005 with no waivers. */
class AlpuRtlLintTest {
    @TempDir
    Path dir;

    static Stream<Arguments> configs() {
        return Stream.of(
                Arguments.of(AlpuConfig.of(2, 2, 1, 1, Variant.PRQ)),
                Arguments.of(AlpuConfig.of(2, 2, 1, 1, Variant.UMQ)),
                Arguments.of(AlpuConfig.of(12, 4, 42, 16, Variant.PRQ)),
                Arguments.of(AlpuConfig.of(24, 2, 64, 32, Variant.UMQ).withPipelining(new Pipelining(true, false, true, true, true))),
                Arguments.of(AlpuConfig.of(32, 4, 128, 8, Variant.PRQ).withPipelining(Pipelining.NONE)),
                Arguments.of(AlpuConfig.of(16, 16, 7, 3, Variant.UMQ).withFifoDepths(2, 8, 2)),
                Arguments.of(AlpuConfig.seed(256, 8, Variant.PRQ)),
                Arguments.of(AlpuConfig.seed(128, 32, Variant.UMQ)));
    }

    @ParameterizedTest
    @MethodSource("configs")
    void generatedVerilogIsCleanForEveryTool(AlpuConfig cfg) throws Exception {
        String top = "t_" + cfg.variant().name().toLowerCase();
        List<Path> files = AlpuRtl.write(cfg, top, dir);
        for (VerilogTools.Result r : List.of(VerilogTools.verilatorLint(files, top), VerilogTools.yosys(files, top),
                VerilogTools.iverilog(files, top))) {
            assertTrue(r.ok() && r.output().isBlank(), cfg + ": " + r.tool() + " said:\n" + r.output());
        }
    }
}

package tagmatch.dpasystem;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tagmatch.alpu.rtl.AlpuTiming;
import tagmatch.dpa.BareMetal;
import tagmatch.dpa.DpaConfig;
import tagmatch.dpa.DpaResult;
import tagmatch.dpa.DpaRun;
import tagmatch.dpa.ElfImage;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class AlpuBusDeviceTest {
    @TempDir
    Path dir;

    private Path resource(String from, String name) throws IOException {
        Path p = dir.resolve(name);
        try (InputStream in = AlpuBusDeviceTest.class.getResourceAsStream(from)) {
            Files.copy(in, p);
        }
        return p;
    }

    @Test
    void bothUnitsAnswerThroughTheirBusQueuesNoFasterThanTheirRtl() throws IOException {
        AlpuUnits units = AlpuUnits.of(16, 4, 32, 8);
        resource("alpu/alpu.h", "alpu.h");
        Path elf = BareMetal.compile(List.of(resource("alpu_probe.c", "alpu_probe.c")), dir.resolve("probe.elf"),
                List.of("-O2", "-Wall", "-Wextra", "-Werror", "-I" + dir));
        DpaConfig cfg = new DpaConfig(1, 2, 1, 16);
        DpaRun dpa = DpaRun.build(cfg, "verilator", units.slots());
        DpaResult r = dpa.run(ElfImage.read(elf, cfg.ramBytes()), DpaRun.Options.defaults().withMaxCycles(2_000_000));
        assertEquals(DpaResult.Outcome.EXIT, r.outcome(), () -> r + (r.error() == null ? "" : r.error().describe()));
        assertEquals(0, r.exitCode(), r::console);
        Matcher m = Pattern.compile("one (\\d+) k (\\d+) cycles (\\d+)\n").matcher(r.console());
        assertTrue(m.matches(), r.console());
        AlpuTiming t = AlpuTiming.of(units.prq());
        long one = Long.parseLong(m.group(1)), k = Long.parseLong(m.group(2)), many = Long.parseLong(m.group(3));
        // the RTL's own cycles are a floor the bus only adds to: a behavioural shortcut would answer sooner
        assertTrue(one >= t.matchLatency(), "one match took " + one + " cycles, the RTL's latency is " + t.matchLatency());
        assertTrue(many >= (k - 1) * t.matchInterval() + t.matchLatency(),
                k + " matches took " + many + " cycles, the RTL needs " + ((k - 1) * t.matchInterval() + t.matchLatency()));
    }
}

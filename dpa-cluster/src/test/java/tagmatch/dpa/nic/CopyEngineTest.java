package tagmatch.dpa.nic;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import tagmatch.dpa.BareMetal;
import tagmatch.dpa.DpaConfig;
import tagmatch.dpa.DpaResult;
import tagmatch.dpa.DpaRun;
import tagmatch.dpa.ElfImage;
import tagmatch.dpa.mem.MemorySetting;
import tagmatch.sim.backends.Simulators;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The NIC's send queues with wqe.c posting as the handler does: reads and writes move exactly
 * their bytes and complete in the queue's CQ, a read waits the wire latency without holding the
 * other queues back, and each refused WQE or doorbell stops the run with one line naming the
 * thread, the WQE and the field.
 */
class CopyEngineTest {
    private static final DpaConfig CFG = new DpaConfig(1, 2, 2, 16);

    @TempDir
    Path dir;

    private NicOutcome run(int bad) throws IOException {
        Path src = dir.resolve("wqe.c");
        try (InputStream in = CopyEngineTest.class.getResourceAsStream("wqe.c")) {
            Files.copy(in, src, StandardCopyOption.REPLACE_EXISTING);
        }
        int wire = MemorySetting.LIKELY.latencies().wire();
        Path elf = BareMetal.compile(List.of(src), dir.resolve("wqe" + bad + ".elf"), List.of("-O2", "-Wall", "-Wextra", "-Werror",
                "-DBAD=" + bad, "-DWIRE=" + wire, "-DHOST_BYTES=" + CFG.ramBytes() + "UL"));
        HostImage host = new HostImage(2, 3, 17, 4, 4096);
        return DpaRun.build(CFG, Simulators.defaultBackend()).run(ElfImage.read(elf, CFG.ramBytes()),
                DpaRun.Options.defaults().withLatency(8).withHarts(1).withMaxCycles(200_000), host, List.of());
    }

    @Test
    void readsAndWritesMoveExactlyTheirBytesAndAReadWaitsTheWireWithoutHoldingOtherQueues() throws IOException {
        NicOutcome o = run(0);
        assertEquals(DpaResult.Outcome.EXIT, o.result().outcome(), () -> String.valueOf(o.result()));
        assertEquals(0, o.result().exitCode(), "wqe.c's first failed check");
        assertEquals(2 + 8, o.wqes());
    }

    @ParameterizedTest(name = "case {0}: {3}")
    @CsvSource({
            "1, 0, 0, the opcode is neither",
            "2, 0, 0, runs past its memory",
            "3, 1, 0, a memory key is 0",
            "4, 2, 1, past the queues served",
            "5, 0, 0, not 8-byte aligned"})
    void aRefusedWorkRequestStopsTheRunNamingThreadWqeAndField(int bad, int qpn, int index, String field) {
        WqeRefusal e = assertThrows(WqeRefusal.class, () -> run(bad));
        assertEquals(bad == 4 ? NicMap.ERR_DOORBELL : bad == 5 ? NicMap.ERR_ALIGN : bad == 3 ? NicMap.ERR_KEY : bad, e.reason());
        assertEquals(qpn, e.qpn());
        assertEquals(index, e.index());
        assertTrue(e.getMessage().startsWith("the NIC refused thread " + qpn + "'s send queue, ") && e.getMessage().contains(field)
                && !e.getMessage().contains("\n"), e.getMessage());
    }
}

package tagmatch.testbench.firmware;

import tagmatch.process.Exec;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import tagmatch.model.Event;
import tagmatch.otm.OtmConfig;

/**
 * The generated programs on workload files written by Java: the barrier driver natively and
 * under ThreadSanitizer and AddressSanitizer+UBSan, the FlexIO-shaped DPA handler end to end
 * over the host stand-in (natively, sanitized and under qemu-riscv64) with payloads and
 * rendezvous reads checked in the receive buffers, a full table's calls answered by host software, and commands
 * that lag behind the messages, and otm.c freestanding at every optimization level for x86-64
 * and rv64imac.
 */
class ProgramCosimTest {
    private static final OtmConfig CFG = OtmConfig.defaults().withThreads(8).withBins(16).withCapacities(40, 24);
    private static final Path WORK = Path.of("target", "otm-work").toAbsolutePath();

    private static void runDriver(String target, String exe, List<String> launcher, OtmConfig cfg, long seeds, int size) {
        FirmwareBuild b = FirmwareBuild.generate(cfg, CosimSupport.ROOT);
        Path bin = b.artifact(target, exe);
        int n = 0;
        for (long seed = 1; seed <= seeds; seed++) {
            for (List<Event> events : CosimSupport.streams(cfg, seed, size)) {
                ProgramCosim.Output out = ProgramCosim.run(launcher, bin, events, WORK);
                assertFalse(out.log().contains("WARNING: ThreadSanitizer") || out.log().contains("runtime error"),
                        exe + " reported: " + out.log());
                CosimSupport.assertMatchesReference(exe + " seed " + seed + " stream " + n, events, cfg, out.results(), null);
                n++;
            }
        }
        assertTrue(n >= 9);
    }

    @Test
    void driverEqualsReference() {
        runDriver("driver", "otm_driver", List.of(), CFG, 2, 48);
        runDriver("driver", "otm_driver", List.of(), OtmConfig.defaults().withThreads(64).withCapacities(64, 64), 1, 64);
    }

    @Test
    void senderSideHashesGiveTheSameResults() {
        runDriver("driver-hashed", "otm_driver_hashed", List.of(), CFG.withHash(tagmatch.otm.OtmHash.XOR_FOLD, true), 1, 48);
    }

    @Test
    void driverIsCleanUnderThreadSanitizer() {
        runDriver("tsan", "otm_driver_tsan", List.of(), CFG, 1, 24);
    }

    @Test
    void ablationBuildsEqualReferenceNativelyAndUnderThreadSanitizer() {
        for (OtmConfig c : List.of(CFG.withOptimizations(false, true).withInOrderRun(0), CFG.withOptimizations(true, false).withInOrderRun(0),
                CFG.withOptimizations(false, false).withThreads(32).withBins(1).withInOrderRun(0), CFG.withThreads(32).withBins(1).withInOrderRun(1))) {
            runDriver("driver", "otm_driver", List.of(), c, 1, 48);
            runDriver("tsan", "otm_driver_tsan", List.of(), c, 1, 24);
        }
    }

    @Test
    void driverIsCleanUnderAddressAndUndefinedBehaviourSanitizers() {
        runDriver("asan", "otm_driver_asan", List.of(), CFG.withHints(true, false), 1, 24);
        runDriver("asan", "otm_driver_asan", List.of(), CFG.withOptimizations(false, false), 1, 24);
    }

    @Test
    void handlerDeliversEveryPayloadAndCompletesEveryRendezvousRead() {
        FirmwareBuild b = FirmwareBuild.generate(CFG.withCapacities(1024, 1024), CosimSupport.ROOT);
        Path bin = b.artifact("handler", "otm_handler");
        HandlerTally t = checkHandler(List.of(), bin, b.config(), 2, List.of());
        // certain whatever the timing: the poll budget may close more blocks early
        assertTrue(t.shortRuns > 0 && t.partial >= t.shortRuns,
                "partial blocks: " + t.partial + ", runs of messages whose length is no multiple of N: " + t.shortRuns);
        assertTrue(t.rendezvous > 0, "rendezvous reads completed into receive buffers");
    }

    @Test
    void handlerIsCleanUnderThreadSanitizer() {
        FirmwareBuild b = FirmwareBuild.generate(CFG.withCapacities(1024, 1024), CosimSupport.ROOT);
        checkHandler(List.of(), b.artifact("handler-tsan", "otm_handler_tsan"), b.config(), 1, List.of());
        FirmwareBuild small = FirmwareBuild.generate(CFG.withCapacities(8, 4).withOptimizations(false, false), CosimSupport.ROOT);
        checkHandler(List.of(), small.artifact("handler-tsan", "otm_handler_tsan"), small.config(), 1, List.of("lag-posts"));
    }

    @Test
    void handlerIsCleanUnderAddressAndUndefinedBehaviourSanitizers() {
        FirmwareBuild b = FirmwareBuild.generate(CFG.withCapacities(8, 4), CosimSupport.ROOT);
        checkHandler(List.of(), b.artifact("handler-asan", "otm_handler_asan"), b.config(), 1, List.of());
    }

    @Test
    void aFullTableHandsEveryRefusedCallToHostSoftwareAndLosesNone() {
        FirmwareBuild b = FirmwareBuild.generate(CFG.withCapacities(8, 4), CosimSupport.ROOT);
        HandlerTally t = checkHandler(List.of(), b.artifact("handler", "otm_handler"), b.config(), 2, List.of());
        // certain whatever the timing: host software answers more while it reports late that it holds nothing
        assertTrue(t.certainByHost > 20 && t.handedOff >= t.certainByHost,
                "calls refused by the DPA were answered by host software: " + t.handedOff + ", the DPA had no room for " + t.certainByHost);
    }

    @Test
    void commandsStillOnTheirWayAreWaitedForInTicketOrder() {
        FirmwareBuild b = FirmwareBuild.generate(CFG.withCapacities(1024, 1024), CosimSupport.ROOT);
        HandlerTally t = checkHandler(List.of(), b.artifact("handler", "otm_handler"), b.config(), 1, List.of("lag-posts"));
        assertTrue(t.waits > 0, "the handler saw a message whose ticket was ahead of the commands and waited");
    }

    /**
     * Sums over the streams of one handler check. shortRuns: runs of consecutive messages
     * whose length is no multiple of N ({@link #runsOfNoMultipleOf}); certainByHost:
     * {@link SystemCosim#certainlyByHost}.
     */
    static final class HandlerTally {
        int partial, shortRuns, rendezvous, handedOff, certainByHost;
        long waits;
    }

    /**
     * Runs of messages with consecutive tickets (between two receives, or a receive and either
     * end of the stream) whose length is no multiple of {@code n}. Each holds a block of fewer
     * than n messages on every run: the handler's blocks never span a receive's ticket, and
     * hold at most n messages.
     */
    static int runsOfNoMultipleOf(List<Event> events, int n) {
        int runs = 0, length = 0;
        for (Event e : events) {
            if (e instanceof Event.Arrive) {
                length++;
            } else if (e instanceof Event.Post) {
                if (length % n != 0) runs++;
                length = 0;
            }
        }
        return length % n != 0 ? runs + 1 : runs;
    }

    /**
     * Runs the handler with host software's fallback on every workload stream, judged as one
     * system by {@link SystemCosim}: final answers equal to the reference without capacity
     * limits, every receive buffer holding the right bytes (eager copy or completed rendezvous
     * read), every call the DPA refused answered by host software, handed messages whole.
     */
    static HandlerTally checkHandler(List<String> launcher, Path bin, OtmConfig cfg, long seeds, List<String> args) {
        HandlerTally t = new HandlerTally();
        for (long seed = 1; seed <= seeds; seed++) {
            for (List<Event> events : CosimSupport.streams(cfg, seed, 32)) {
                SystemCosim.Verdict v = SystemCosim.run(launcher, bin, events, CosimSupport.hints(cfg), WORK, args);
                assertNull(v.problem(), "handler seed " + seed);
                t.partial += v.partialBlocks();
                t.shortRuns += runsOfNoMultipleOf(events, cfg.threads());
                t.certainByHost += SystemCosim.certainlyByHost(events, CosimSupport.hints(cfg), CosimSupport.caps(cfg)).total();
                t.waits += v.waits();
                t.handedOff += v.byHost();
                t.rendezvous += v.rendezvous();
            }
        }
        return t;
    }

    @Test
    void otmCIsFreestandingAndWarningFreeOnX86AndRv64() {
        for (OtmConfig c : List.of(CFG, CFG.withHints(true, false), CFG.withHints(false, true), CFG.withHints(true, true),
                CFG.withHash(tagmatch.otm.OtmHash.XOR_FOLD, true), CFG.withThreads(1).withBins(1).withCapacities(1, 1),
                CFG.withThreads(64).withBins(65536).withCapacities(4096, 1), CFG.withThreads(2).withHints(true, true).withBins(1),
                CFG.withOptimizations(false, true), CFG.withOptimizations(true, false), CFG.withOptimizations(false, false).withHints(true, true),
                CFG.withInOrderRun(0), CFG.withInOrderRun(0).withHints(true, true).withHash(tagmatch.otm.OtmHash.XOR_FOLD, true))) {
            FirmwareBuild b = FirmwareBuild.generate(c, CosimSupport.ROOT);
            b.make("check-freestanding", "rv64");
            String undefined = Exec.of("riscv64-unknown-elf-nm", "-u", "otm_rv64.o").in(b.dir()).check();
            for (String line : undefined.strip().split("\n")) {
                if (line.isBlank()) continue;
                String sym = line.trim().split("\\s+")[1];
                assertTrue(List.of("memcpy", "memset", "memmove").contains(sym), "otm.c references " + sym);
            }
        }
    }

    @Test
    void riscvLinuxProgramsRunUnderQemu() throws IOException {
        OtmConfig cfg = CFG.withThreads(4).withCapacities(1024, 1024);
        FirmwareBuild b = FirmwareBuild.generate(cfg, CosimSupport.ROOT);
        Path handler = b.artifact("rv64-linux", "otm_handler_rv64");
        checkHandler(List.of("qemu-riscv64"), handler, cfg, 1, List.of());
        runDriver("rv64-linux", "otm_driver_rv64", List.of("qemu-riscv64"), CFG.withThreads(4), 1, 24);
        runDriver("rv64-linux", "otm_driver_rv64", List.of("qemu-riscv64"), CFG.withThreads(4).withOptimizations(false, false).withInOrderRun(0), 1, 24);
        runDriver("rv64-linux", "otm_driver_rv64", List.of("qemu-riscv64"), CFG.withThreads(8).withBins(1).withInOrderRun(1), 1, 24);
        byte[] elf = java.nio.file.Files.readAllBytes(handler);
        assertEquals(0xF3, (elf[18] & 0xff) | (elf[19] & 0xff) << 8, "e_machine is RISC-V");
        java.nio.ByteBuffer bb = java.nio.ByteBuffer.wrap(elf).order(java.nio.ByteOrder.LITTLE_ENDIAN);
        long phoff = bb.getLong(32);
        int phentsize = bb.getShort(54), phnum = bb.getShort(56);
        for (int i = 0; i < phnum; i++) {
            assertTrue(bb.getInt((int) phoff + i * phentsize) != 3, "statically linked: no PT_INTERP program header");
        }
    }
}

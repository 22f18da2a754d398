package tagmatch.dpa;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tagmatch.sim.backends.Simulators;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class BusDeviceTest {
    @TempDir
    Path dir;

    private static DeviceSlot mailbox(String name, long base) {
        return new DeviceSlot(name, base, 5, MailboxDevice::new);
    }

    @Test
    void hartsReachADeviceInItsWindowAndARefusedStoreReplaysUntilTaken() throws IOException {
        DpaConfig cfg = new DpaConfig(1, 2, 1, 16);
        Path elf = BareMetal.compile(List.of(DpaRunTest.source(dir, "mailbox.c")), dir.resolve("mailbox.elf"), List.of("-O2"));
        DpaRun dpa = DpaRun.build(cfg, Simulators.defaultBackend(), List.of(mailbox("box", DeviceSlot.LOWEST)));
        DpaResult r = dpa.run(ElfImage.read(elf, cfg.ramBytes()), DpaRun.Options.defaults());
        assertEquals("sum ok\n", r.console());
        // the last load lies past the device's 32 bytes: an access fault, not a read of 0
        assertEquals(DpaResult.Outcome.ERROR, r.outcome(), r::toString);
        assertEquals(0, r.error().hart());
        assertEquals(Rv64.LOAD_FAULT, r.error().cause(), r.error().describe());
    }

    @Test
    void overlappingOrMisplacedWindowsAreRefusedNamingTheDevice() {
        DpaConfig cfg = new DpaConfig(1, 1, 1, 16);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> DpaRun.build(cfg, Simulators.defaultBackend(),
                List.of(mailbox("a", DeviceSlot.LOWEST), mailbox("b", DeviceSlot.LOWEST))));
        assertTrue(e.getMessage().contains("devices a and b overlap"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> mailbox("c", DeviceSlot.LOWEST + 8));
        assertEquals("device c: base must be a multiple of its window (32 bytes) in 0x11000000..0x40000000, got 0x11000008", e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> mailbox("Bad", DeviceSlot.LOWEST));
        assertTrue(e.getMessage().startsWith("device name must be"), e.getMessage());
    }
}

package tagmatch.otm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class OtmConfigTest {
    private static final OtmConfig D = OtmConfig.defaults();

    private static String error(Runnable r) {
        return assertThrows(IllegalArgumentException.class, r::run).getMessage();
    }

    @Test
    void threadsOutsideOneToSixtyFourAreRefusedNamingTheRange() {
        assertEquals("threads must be in 1..64, got 65", error(() -> D.withThreads(65)));
        assertEquals("threads must be in 1..64, got 0", error(() -> D.withThreads(0)));
    }

    @Test
    void binsMustBeAPowerOfTwoUpTo65536() {
        assertEquals("bins must be a power of two in 1..65536, got 96", error(() -> D.withBins(96)));
        assertEquals("bins must be in 1..65536, got 131072", error(() -> D.withBins(131072)));
        assertEquals("bins must be in 1..65536, got 0", error(() -> D.withBins(0)));
    }

    @Test
    void capacitiesAreBounded() {
        assertEquals("maxRecvs must be in 1..1048576, got 0", error(() -> D.withCapacities(0, 4)));
        assertEquals("maxUnexpected must be in 1..1048576, got 1048577",
                error(() -> D.withCapacities(4, 1048577)));
    }

    @Test
    void hashIsChecked() {
        assertThrows(NullPointerException.class, () -> D.withHash(null, false));
    }

    @Test
    void inOrderRunIsBoundedAndZeroTurnsItOff() {
        assertEquals("inOrderRun must be in 0..1024, got -1", error(() -> D.withInOrderRun(-1)));
        assertEquals("inOrderRun must be in 0..1024, got 1025", error(() -> D.withInOrderRun(1025)));
        assertEquals(OtmConfig.DEFAULT_IN_ORDER_RUN, D.inOrderRun());
        assertTrue(D.withInOrderRun(0).key().endsWith("-io0"));
        assertFalse(D.key().contains("-io"));
    }

    @Test
    void extremesAreLegal() {
        new OtmConfig(64, 65536, 1048576, 1048576, true, true, OtmHash.XOR_FOLD, true);
        new OtmConfig(1, 1, 1, 1, false, false, OtmHash.MULTIPLICATIVE, false);
    }
}

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
        assertEquals("threads = 65 is out of range: legal values are 1..64", error(() -> D.withThreads(65)));
        assertEquals("threads = 0 is out of range: legal values are 1..64", error(() -> D.withThreads(0)));
    }

    @Test
    void binsMustBeAPowerOfTwoUpTo65536() {
        assertEquals("bins = 96 is not a power of two: legal values are powers of two 1..65536", error(() -> D.withBins(96)));
        assertEquals("bins = 131072 is out of range: legal values are 1..65536", error(() -> D.withBins(131072)));
        assertEquals("bins = 0 is out of range: legal values are 1..65536", error(() -> D.withBins(0)));
    }

    @Test
    void capacitiesAreBounded() {
        assertEquals("maxRecvs = 0 is out of range: legal values are 1..1048576", error(() -> D.withCapacities(0, 4)));
        assertEquals("maxUnexpected = 1048577 is out of range: legal values are 1..1048576",
                error(() -> D.withCapacities(4, 1048577)));
    }

    @Test
    void pollBudgetAndHashAreChecked() {
        assertEquals("pollBudget = 0 is out of range: legal values are 1..1000000000",
                error(() -> new OtmConfig(4, 4, 4, 4, false, false, OtmHash.MULTIPLICATIVE, false, 0)));
        assertThrows(NullPointerException.class, () -> D.withHash(null, false));
    }

    @Test
    void inOrderRunIsBoundedAndZeroTurnsItOff() {
        assertEquals("inOrderRun = -1 is out of range: legal values are 0..1024", error(() -> D.withInOrderRun(-1)));
        assertEquals("inOrderRun = 1025 is out of range: legal values are 0..1024", error(() -> D.withInOrderRun(1025)));
        assertEquals(OtmConfig.DEFAULT_IN_ORDER_RUN, D.inOrderRun());
        assertTrue(D.withInOrderRun(0).key().endsWith("-io0"));
        assertFalse(D.key().contains("-io"));
    }

    @Test
    void extremesAreLegal() {
        new OtmConfig(64, 65536, 1048576, 1048576, true, true, OtmHash.XOR_FOLD, true, 1);
        new OtmConfig(1, 1, 1, 1, false, false, OtmHash.MULTIPLICATIVE, false, 1);
    }
}

package tagmatch.dpa;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;
import tagmatch.process.ParameterError;

class DpaConfigTest {
    private static ParameterError error(int cores, int threads, int banks, int ramMib) {
        return assertThrows(ParameterError.class, () -> new DpaConfig(cores, threads, banks, ramMib));
    }

    @Test
    void eachCheckNamesItsComponentAndNoOption() {
        ParameterError e = error(17, 8, 4, 16);
        assertEquals(DpaConfig.Parameter.CORES, e.parameter());
        assertEquals("cores must be in 1..16, got 17", e.getMessage());
        e = error(4, 3, 4, 16);
        assertEquals(DpaConfig.Parameter.THREADS, e.parameter());
        assertEquals("threads must be a power of two in 1..64, got 3", e.getMessage());
        assertEquals(DpaConfig.Parameter.BANKS, error(4, 8, 32, 16).parameter());
        e = error(4, 8, 4, 3);
        assertEquals(DpaConfig.Parameter.RAM_MIB, e.parameter());
        assertEquals("ramMib must be a power of two in 1..256, got 3", e.getMessage());
    }

    @Test
    void tooManyHartsNamesBothComponents() {
        ParameterError e = error(16, 32, 4, 16);
        assertEquals(DpaConfig.Parameter.HARTS, e.parameter());
        assertEquals("cores x threads must be <= 256 harts, got 16 x 32", e.getMessage());
        assertEquals("must be <= 256 harts", e.rule());
        assertEquals("16 x 32", e.value());
    }
}

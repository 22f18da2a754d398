package tagmatch.hdl.backend;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class NaturalOrderTest {
    @Test
    void numbersCompareByValue() {
        List<String> names = new ArrayList<>(List.of("block_19_hit", "block_1_hit", "block_2_hit", "block_10_hit", "block_1_any"));
        names.sort(NaturalOrder.INSTANCE);
        assertEquals(List.of("block_1_any", "block_1_hit", "block_2_hit", "block_10_hit", "block_19_hit"), names);
    }

    @Test
    void orderIsTotalAndConsistent() {
        NaturalOrder o = NaturalOrder.INSTANCE;
        assertTrue(o.compare("x_01", "x_1") != 0, "different names never compare equal");
        assertEquals(-Integer.signum(o.compare("x_01", "x_1")), Integer.signum(o.compare("x_1", "x_01")));
        assertTrue(o.compare("a", "a_1") < 0);
        assertTrue(o.compare("l2", "l10") < 0);
        assertTrue(o.compare("n99999999999999999999", "n100000000000000000000") < 0, "no overflow on long digit runs");
        assertEquals(0, o.compare("same_3", "same_3"));
    }
}

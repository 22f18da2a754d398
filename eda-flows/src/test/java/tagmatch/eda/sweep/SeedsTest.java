package tagmatch.eda.sweep;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import org.junit.jupiter.api.Test;

class SeedsTest {
    @Test
    void rangesAndSingleSeedsInOrderWithoutRepeatsAndBackToTheShortestForm() {
        List<Long> s = Seeds.parse("5..8, 42,6,1..2");
        assertEquals(List.of(5L, 6L, 7L, 8L, 42L, 1L, 2L), s);
        assertEquals("5..8,42,1..2", Seeds.format(s));
        assertEquals("7", Seeds.format(Seeds.parse("7")));
    }

    @Test
    void refusesBackwardRangesAndNonNumbers() {
        assertEquals("must list seeds or ranges a..b with a <= b, got '9..3'",
                assertThrows(IllegalArgumentException.class, () -> Seeds.parse("9..3")).getMessage());
        assertEquals("must list whole-number seeds or ranges a..b (e.g. 1..8,42), got '1,x'",
                assertThrows(IllegalArgumentException.class, () -> Seeds.parse("1,x")).getMessage());
        assertEquals("must hold at most 1000000 seeds, got '1..2000000'",
                assertThrows(IllegalArgumentException.class, () -> Seeds.parse("1..2000000")).getMessage());
    }
}

package tagmatch.bench.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The paths take turns: every round runs each once, in order, before the next round starts. */
class RoundsTest {
    @Test
    void pathsAlternateRoundByRound() throws Exception {
        StringBuilder order = new StringBuilder();
        List<Rounds.Path<String>> paths = List.of(
                () -> { order.append('A'); return "a"; },
                () -> { order.append('B'); return "b"; },
                () -> { order.append('C'); return "c"; });
        List<List<String>> rounds = Rounds.alternate(3, paths);
        assertEquals("ABCABCABC", order.toString());
        assertEquals(List.of(List.of("a", "b", "c"), List.of("a", "b", "c"), List.of("a", "b", "c")), rounds);
    }

    @Test
    void oneRunIsOneRound() throws Exception {
        assertEquals(1, Rounds.alternate(1, List.<Rounds.Path<Integer>>of(() -> 1, () -> 2)).size());
    }
}

package tagmatch.eda.sweep;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class ShardTest {
    @Test
    void shardsPartitionTheTasksExactlyOnceAndRoundRobin() {
        List<Integer> all = IntStream.range(0, 23).boxed().toList();
        for (int n = 1; n <= 30; n++) {
            List<Integer> seen = new ArrayList<>();
            for (int i = 1; i <= n; i++) {
                List<Integer> part = new Shard(i, n).of(all);
                assertEquals((23 - (i - 1) + n - 1) / n, part.size(), "shard " + i + "/" + n);
                seen.addAll(part);
            }
            seen.sort(null);
            assertEquals(all, seen, "n = " + n);
        }
        assertEquals(List.of(1, 4, 7), new Shard(2, 3).of(List.of(0, 1, 2, 3, 4, 5, 6, 7)));
    }

    @Test
    void parsesIOverNAndRefusesTheRest() {
        assertEquals(new Shard(3, 8), Shard.parse("3/8"));
        assertEquals("must be i/n with 1 <= i <= n, got 0/4", assertThrows(IllegalArgumentException.class, () -> Shard.parse("0/4")).getMessage());
        assertEquals("must be i/n with 1 <= i <= n, got 5/4", assertThrows(IllegalArgumentException.class, () -> Shard.parse("5/4")).getMessage());
        assertEquals("must be i/n (e.g. 2/8), got '3'", assertThrows(IllegalArgumentException.class, () -> Shard.parse("3")).getMessage());
        assertEquals("must be i/n with whole numbers (e.g. 2/8), got 'a/b'", assertThrows(IllegalArgumentException.class, () -> Shard.parse("a/b")).getMessage());
    }
}

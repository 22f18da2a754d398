package tagmatch.eda.sweep;

import java.util.ArrayList;
import java.util.List;

/**
 * {@code --shard i/n}: the tasks whose position in the sweep's fixed order is {@code i-1} modulo
 * {@code n}. Shards need no coordination: n processes (or n job-array tasks) with the same sweep
 * and shards 1/n..n/n run every task exactly once, and dealing round-robin spreads large and
 * small configurations evenly.
 *
 * @param index 1-based, in 1..count
 */
public record Shard(int index, int count) {
    public static final Shard ALL = new Shard(1, 1);

    public Shard {
        if (count < 1 || index < 1 || index > count)
            throw new IllegalArgumentException("must be i/n with 1 <= i <= n, got " + index + "/" + count);
    }

    /** Parses {@code i/n}; throws {@link IllegalArgumentException} saying what is legal. */
    public static Shard parse(String text) {
        String[] parts = text.trim().split("/", -1);
        if (parts.length != 2) throw new IllegalArgumentException("must be i/n (e.g. 2/8), got '" + text + "'");
        try {
            return new Shard(Integer.parseInt(parts[0].trim()), Integer.parseInt(parts[1].trim()));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("must be i/n with whole numbers (e.g. 2/8), got '" + text + "'", e);
        }
    }

    public <T> List<T> of(List<T> all) {
        List<T> out = new ArrayList<>();
        for (int k = index - 1; k < all.size(); k += count) out.add(all.get(k));
        return out;
    }

    @Override
    public String toString() {
        return index + "/" + count;
    }
}

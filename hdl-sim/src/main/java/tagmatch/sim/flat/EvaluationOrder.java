package tagmatch.sim.flat;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.function.ToLongFunction;

/**
 * Combinational assignments in the order they are evaluated: each after every assignment whose
 * slot it reads (Kahn's algorithm). Refuses a slot with two drivers and a combinational loop,
 * naming the assignments.
 */
public final class EvaluationOrder {
    private EvaluationOrder() {}

    /**
     * Sorts {@code assigns}; {@code writes} gives the slot an assignment writes, {@code reads} the
     * distinct slots it reads (in a stable order), {@code name} what an error calls it.
     */
    public static <A> List<A> of(List<A> assigns, ToLongFunction<A> writes, Function<A, long[]> reads, Function<A, String> name) {
        int n = assigns.size();
        Map<Long, Integer> writer = new HashMap<>();
        for (int i = 0; i < n; i++) {
            Integer prev = writer.put(writes.applyAsLong(assigns.get(i)), i);
            if (prev != null) {
                throw new IllegalArgumentException("cannot simulate: " + name.apply(assigns.get(i)) + " has more than one driver");
            }
        }
        int[] indegree = new int[n];
        List<List<Integer>> users = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            users.add(new ArrayList<>());
        }
        for (int i = 0; i < n; i++) {
            for (long k : reads.apply(assigns.get(i))) {
                Integer src = writer.get(k);
                if (src != null) {
                    indegree[i]++;
                    users.get(src).add(i);
                }
            }
        }
        Deque<Integer> ready = new ArrayDeque<>();
        for (int i = 0; i < n; i++) {
            if (indegree[i] == 0) {
                ready.add(i);
            }
        }
        List<A> order = new ArrayList<>(n);
        while (!ready.isEmpty()) {
            int i = ready.poll();
            order.add(assigns.get(i));
            for (int u : users.get(i)) {
                if (--indegree[u] == 0) {
                    ready.add(u);
                }
            }
        }
        if (order.size() != n) {
            List<String> loop = new ArrayList<>();
            for (int i = 0; i < n && loop.size() < 10; i++) {
                if (indegree[i] > 0) {
                    loop.add(name.apply(assigns.get(i)));
                }
            }
            throw new IllegalArgumentException("cannot simulate: combinational loop through " + loop);
        }
        return order;
    }
}

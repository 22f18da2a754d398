package tagmatch.trace;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Maps a communicator handle of one rank to its members as {@code MPI_COMM_WORLD} ranks, so
 * that a send to communicator-local rank {@code d} finds its receiver.
 *
 * <p>In order of preference: {@code MPI_COMM_WORLD} and {@code MPI_COMM_SELF}; the exact member
 * list tracer/ records with every new communicator ({@code worldranks}); for DUMPI traces
 * without it, {@code MPI_Comm_dup} copies its parent, {@code MPI_Comm_split} is recomputed from
 * every member's colour and key (assuming, as DUMPI's handle numbering does, that all ranks
 * number the communicators they create together alike), and {@code MPI_Cart_create} /
 * {@code MPI_Graph_create} are taken as not reordering their parent. Anything else (e.g.
 * {@code MPI_Comm_create} from a group) is unknown: {@link #members} returns {@code null}.
 */
final class Communicators {
    private final List<RankLog> logs;
    private final Map<Long, int[]> memo = new HashMap<>();

    Communicators(List<RankLog> logs) {
        this.logs = logs;
    }

    /** The members of {@code handle} at {@code rank} as world ranks, in communicator rank order; {@code null} if unknown. */
    int[] members(int rank, int handle) {
        long key = ((long) rank << 32) | (handle & 0xffffffffL);
        if (memo.containsKey(key)) return memo.get(key);
        memo.put(key, null); // a cycle of parents resolves to unknown
        int[] m = resolve(rank, handle);
        memo.put(key, m);
        return m;
    }

    private int[] resolve(int rank, int handle) {
        RankLog log = logs.get(rank);
        int world = log.worldHandle() >= 0 ? log.worldHandle() : 2;
        if (handle == world) {
            int[] all = new int[logs.size()];
            for (int i = 0; i < all.length; i++) all[i] = i;
            return all;
        }
        if (handle == log.selfHandle()) return new int[] {rank};
        RankLog.CommInfo c = log.comms().get(handle);
        if (c == null) return null;
        if (c.worldRanks() != null) return c.worldRanks();
        switch (c.origin()) {
            case "MPI_Comm_dup":
            case "MPI_Cart_create":
            case "MPI_Graph_create":
                return members(rank, c.parent());
            case "MPI_Comm_split":
                return split(rank, c);
            default:
                return null;
        }
    }

    private int[] split(int rank, RankLog.CommInfo mine) {
        int[] parent = members(rank, mine.parent());
        if (parent == null) return null;
        List<long[]> same = new ArrayList<>(); // {key, parent-local rank, world rank}
        for (int local = 0; local < parent.length; local++) {
            RankLog.CommInfo theirs = logs.get(parent[local]).comms().get(mine.handle());
            if (theirs == null || !theirs.origin().equals("MPI_Comm_split")) return null;
            if (theirs.color() == mine.color()) same.add(new long[] {theirs.key(), local, parent[local]});
        }
        same.sort((a, b) -> a[0] != b[0] ? Long.compare(a[0], b[0]) : Long.compare(a[1], b[1]));
        int[] m = new int[same.size()];
        for (int i = 0; i < m.length; i++) m[i] = (int) same.get(i)[2];
        return m;
    }
}

package tagmatch.trace;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The mix of MPI call kinds of one application (seed 000 figure 6): every call the rank files'
 * footers count, written or not (idle tests the tracer skipped, collectives it only counts), by
 * kind, summed over the ranks. Kinds are fixed, named by {@link Kind}; a call of no listed kind
 * (communicator and group management, queries, setup) is {@link Kind#OTHER}.
 * {@code collectivesCounted}: whether the footers name collectives at all (the tracer counts
 * them since it has Fortran entry points; traces made before, and other tracers, may not).
 */
public record CallMix(String trace, Map<Kind, Long> calls, boolean collectivesCounted) {

    /** What a call does, as far as matching is concerned. */
    public enum Kind {
        SEND("send"), ISEND("nonblocking send"), RECV("receive"), IRECV("nonblocking receive"),
        SENDRECV("send-receive"), PERSISTENT("persistent (init, start)"), PROBE("probe"), COMPLETION("wait, test, cancel"),
        COLLECTIVE("collective"), OTHER("other (setup, communicators, queries)");

        public final String label;

        Kind(String label) {
            this.label = label;
        }
    }

    private static final Set<String> SEND = Set.of("MPI_Send", "MPI_Ssend", "MPI_Bsend", "MPI_Rsend");
    private static final Set<String> ISEND = Set.of("MPI_Isend", "MPI_Issend", "MPI_Ibsend", "MPI_Irsend");
    private static final Set<String> SENDRECV = Set.of("MPI_Sendrecv", "MPI_Sendrecv_replace");
    private static final Set<String> PERSISTENT = Set.of("MPI_Send_init", "MPI_Ssend_init", "MPI_Bsend_init", "MPI_Rsend_init",
            "MPI_Recv_init", "MPI_Start", "MPI_Startall");
    private static final Set<String> PROBE = Set.of("MPI_Probe", "MPI_Iprobe", "MPI_Mprobe", "MPI_Improbe");
    private static final Set<String> COMPLETION = Set.of("MPI_Wait", "MPI_Waitall", "MPI_Waitany", "MPI_Waitsome", "MPI_Test",
            "MPI_Testall", "MPI_Testany", "MPI_Testsome", "MPI_Cancel", "MPI_Request_free", "MPI_Test_cancelled");
    /** Blocking collectives; their nonblocking forms are MPI_I + the lower-case rest (MPI_Iallreduce). */
    private static final Set<String> COLLECTIVE = Set.of("MPI_Barrier", "MPI_Bcast", "MPI_Reduce", "MPI_Allreduce", "MPI_Gather",
            "MPI_Gatherv", "MPI_Scatter", "MPI_Scatterv", "MPI_Allgather", "MPI_Allgatherv", "MPI_Alltoall", "MPI_Alltoallv",
            "MPI_Alltoallw", "MPI_Reduce_scatter", "MPI_Reduce_scatter_block", "MPI_Scan", "MPI_Exscan");

    /** The kind of call {@code name} (an MPI function name as DUMPI writes it). */
    public static Kind kindOf(String name) {
        if (SEND.contains(name)) return Kind.SEND;
        if (ISEND.contains(name)) return Kind.ISEND;
        if (name.equals("MPI_Recv") || name.equals("MPI_Mrecv")) return Kind.RECV;
        if (name.equals("MPI_Irecv") || name.equals("MPI_Imrecv")) return Kind.IRECV;
        if (SENDRECV.contains(name)) return Kind.SENDRECV;
        if (PERSISTENT.contains(name)) return Kind.PERSISTENT;
        if (PROBE.contains(name)) return Kind.PROBE;
        if (COMPLETION.contains(name)) return Kind.COMPLETION;
        if (COLLECTIVE.contains(name)) return Kind.COLLECTIVE;
        if (name.startsWith("MPI_I") && name.length() > 5 && COLLECTIVE.contains("MPI_" + Character.toUpperCase(name.charAt(5)) + name.substring(6))) {
            return Kind.COLLECTIVE;
        }
        return Kind.OTHER;
    }

    /** The mix of {@code logs}' footers. */
    public static CallMix of(String trace, List<RankLog> logs) {
        Map<Kind, Long> m = new LinkedHashMap<>();
        for (Kind k : Kind.values()) m.put(k, 0L);
        boolean collectives = false;
        for (RankLog l : logs) {
            for (Map.Entry<String, Long> e : l.calledInAll().entrySet()) {
                Kind k = kindOf(e.getKey());
                m.merge(k, e.getValue(), Long::sum);
                collectives |= k == Kind.COLLECTIVE;
            }
        }
        return new CallMix(trace, m, collectives);
    }

    public long total() {
        long t = 0;
        for (long n : calls.values()) t += n;
        return t;
    }

    /** The share of {@code kind} in percent of all calls (0 without calls). */
    public double percent(Kind kind) {
        long t = total();
        return t == 0 ? 0 : 100.0 * calls.get(kind) / t;
    }
}

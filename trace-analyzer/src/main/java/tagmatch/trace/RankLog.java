package tagmatch.trace;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * What the analysis keeps of one rank's trace file: its point-to-point operations in program
 * order, what it knows about its communicators, and how many calls of each kind it made. Only
 * this summary stays in memory, never the file's text.
 */
public final class RankLog {
    /** How a communicator handle of this rank came to be. */
    public record CommInfo(int handle, String origin, int parent, int[] worldRanks, long color, long key) {}

    private final int rank;
    private final String file;
    private final List<P2pOp> ops = new ArrayList<>();
    /** False when only counts are wanted ({@code trace parse}): memory then stays flat however long the file. */
    private final boolean keepOps;
    private long opCount;
    private final Map<Integer, CommInfo> comms = new LinkedHashMap<>();
    private final Map<String, Long> calls = new TreeMap<>();
    private final Map<String, Long> calledInAll = new TreeMap<>();
    private int worldHandle = -1;
    private int selfHandle = -1;
    private int worldSize = -1;
    private long procNull;
    private long badTags;
    private long startsWithoutInit;
    private boolean footer;
    /** DUMPI datatype id -> size in bytes, from the footer (the predefined types the rank used or DUMPI numbers). */
    private final Map<Integer, Long> datatypeSizes = new TreeMap<>();

    RankLog(int rank, String file) {
        this(rank, file, true);
    }

    RankLog(int rank, String file, boolean keepOps) {
        this.rank = rank;
        this.file = file;
        this.keepOps = keepOps;
    }

    public int rank() { return rank; }
    public String file() { return file; }
    public List<P2pOp> ops() { return Collections.unmodifiableList(ops); }
    /** The point-to-point operations seen, kept or not. */
    public long opCount() { return opCount; }
    public Map<Integer, CommInfo> comms() { return Collections.unmodifiableMap(comms); }
    /** Calls by name, e.g. {@code MPI_Isend -> 2034}. */
    public Map<String, Long> calls() { return Collections.unmodifiableMap(calls); }
    /**
     * Calls by name as the footer counts them ("called N times"), written or not: with the calls
     * the tracer counts without writing (idle MPI_Test*, collectives); without the
     * {@code MPI_ALL_FUNCTIONS} total. Empty when the file has no footer.
     */
    public Map<String, Long> calledInAll() { return Collections.unmodifiableMap(calledInAll); }
    /** The handle this rank's trace uses for {@code MPI_COMM_WORLD}, or -1 if it never names it. */
    public int worldHandle() { return worldHandle; }
    public int selfHandle() { return selfHandle; }
    /** The size of {@code MPI_COMM_WORLD} as {@code MPI_Comm_size} reported it, or -1. */
    public int worldSize() { return worldSize; }
    /** Sends and receives with {@code MPI_PROC_NULL}, which match nothing and are left out. */
    public long procNull() { return procNull; }
    /** Operations with a negative tag other than {@code MPI_ANY_TAG}, left out. */
    public long badTags() { return badTags; }
    /** {@code MPI_Start} of a request no {@code *_init} call made, left out. */
    public long startsWithoutInit() { return startsWithoutInit; }

    /** Datatype sizes by DUMPI id, as the footer lists them (the predefined types). */
    public Map<Integer, Long> datatypeSizes() { return Collections.unmodifiableMap(datatypeSizes); }

    /**
     * The size, layout and time of {@code op}: the tracer's bytes and contiguity when the trace
     * has them; else count times the size the footer lists for a predefined datatype, which is
     * taken as contiguous. A datatype the footer does not list (derived, or a predefined one
     * DUMPI's table lacks, in a trace written before the tracer recorded sizes) has unknown size
     * (-1) and is taken as non-contiguous.
     */
    public tagmatch.model.offload.Transfer transfer(P2pOp op) {
        Long size = datatypeSizes.get(op.datatype());
        long bytes = op.bytes();
        if (bytes < 0 && op.count() >= 0 && size != null) bytes = op.count() * size;
        boolean contiguous = op.layout() != P2pOp.LAYOUT_UNKNOWN ? op.layout() == P2pOp.CONTIGUOUS : size != null;
        return new tagmatch.model.offload.Transfer(bytes, contiguous, op.wallNanos());
    }

    void datatypeSizes(Map<Integer, Long> sizes) { datatypeSizes.putAll(sizes); }

    void add(P2pOp op) {
        opCount++;
        if (keepOps) ops.add(op);
    }
    void addComm(CommInfo c) { comms.put(c.handle(), c); }
    void count(String call) { calls.merge(call, 1L, Long::sum); }
    void count(String call, long n) { calls.merge(call, n, Long::sum); }
    void called(String call, long n) { calledInAll.merge(call, n, Long::sum); }
    void badTags(long n) { badTags += n; }
    void startsWithoutInit(long n) { startsWithoutInit += n; }
    void world(int handle) { worldHandle = handle; }
    void self(int handle) { selfHandle = handle; }
    void worldSize(int n) { worldSize = n; }
    void footerSeen() { footer = true; }
    boolean hasFooter() { return footer; }

    /**
     * What makes this rank file incomplete, or {@code null}: a rank file holds records from
     * MPI_Init to MPI_Finalize and then the footer; a file cut short (a crashed rank, a copy
     * interrupted) would otherwise pass as a rank with little traffic.
     */
    public String incompleteness() {
        if (calls.isEmpty()) return "no MPI records (an empty or header-only rank file)";
        if (!calls.containsKey("MPI_Finalize")) return "truncated: no MPI_Finalize record (the rank ended early or the file was cut)";
        if (!footer) return "truncated: no footer after MPI_Finalize (the file was cut)";
        return null;
    }
    void procNull(long n) { procNull += n; }
    void badTag() { badTags++; }
    void startWithoutInit() { startsWithoutInit++; }
}

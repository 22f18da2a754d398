package tagmatch.trace;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import tagmatch.model.Mpi;

/**
 * Turns the records of one rank into its {@link RankLog}: which calls send a message or post a
 * receive, with which communicator, peer and tag; which create communicators.
 *
 * <p>Every send call (blocking, non-blocking, synchronous, buffered, ready) is a message; every
 * receive call a posted receive; {@code MPI_Sendrecv(_replace)} both, the receive first.
 * Persistent requests ({@code MPI_Send_init}, {@code MPI_Recv_init}) send or post each time
 * {@code MPI_Start(all)} starts them. Probes and completions ({@code Wait*}, {@code Test*})
 * neither post nor send: they are counted only.
 */
final class P2pExtractor implements DumpiListener {
    private static final Set<String> SENDS = Set.of("MPI_Send", "MPI_Ssend", "MPI_Bsend", "MPI_Rsend",
            "MPI_Isend", "MPI_Issend", "MPI_Ibsend", "MPI_Irsend");
    private static final Set<String> SEND_INITS = Set.of("MPI_Send_init", "MPI_Ssend_init", "MPI_Bsend_init", "MPI_Rsend_init");

    private final RankLog log;
    /** Persistent requests by DUMPI request id: what MPI_Start does with them. */
    private final Map<Long, P2pOp> persistent = new HashMap<>();

    P2pExtractor(RankLog log) {
        this.log = log;
    }

    @Override
    public void footer(DumpiFooter footer) {
        log.footerSeen();
        log.datatypeSizes(footer.datatypeSizes());
        for (Map.Entry<String, Long> e : footer.calls().entrySet()) {
            if (!e.getKey().equals("MPI_ALL_FUNCTIONS")) log.called(e.getKey(), e.getValue());
        }
    }

    @Override
    public void record(DumpiRecord r) {
        String call = r.call();
        log.count(call);
        try {
            if (SENDS.contains(call)) {
                send(r, r.enterWallNanos(), "dest", "tag", Data.SINGLE);
            } else if (call.equals("MPI_Recv") || call.equals("MPI_Irecv")) {
                post(r, r.enterWallNanos(), "source", "tag", Data.SINGLE);
            } else if (call.equals("MPI_Sendrecv")) {
                post(r, r.enterWallNanos(), "source", "recvtag", Data.RECV);
                send(r, r.enterWallNanos(), "dest", "sendtag", Data.SEND);
            } else if (call.equals("MPI_Sendrecv_replace")) {
                post(r, r.enterWallNanos(), "source", "recvtag", Data.SINGLE);
                send(r, r.enterWallNanos(), "dest", "sendtag", Data.SINGLE);
            } else if (SEND_INITS.contains(call)) {
                template(r, true, "dest");
            } else if (call.equals("MPI_Recv_init")) {
                template(r, false, "source");
            } else if (call.equals("MPI_Start")) {
                start(r, r.integer("request"));
            } else if (call.equals("MPI_Startall")) {
                for (long id : r.integers("requests")) start(r, id);
            } else if (call.equals("MPI_Comm_rank")) {
                noteComm(r, "comm");
            } else if (call.equals("MPI_Comm_size")) {
                if (noteComm(r, "comm") == log.worldHandle() && log.worldHandle() >= 0) log.worldSize((int) r.integer("size"));
            } else if (call.equals("MPI_Comm_dup") || call.equals("MPI_Comm_split") || call.equals("MPI_Comm_create")
                    || call.equals("MPI_Cart_create") || call.equals("MPI_Graph_create") || call.equals("MPI_Dist_graph_create")
                    || call.equals("MPI_Dist_graph_create_adjacent")
                    || (r.param("newcomm") != null && r.param("worldranks") != null)) { // e.g. the tracer's MPI_Cart_sub
                newComm(r);
            }
        } catch (IllegalArgumentException e) {
            throw new TraceFormatException(log.file(), r.line(), 1, e.getMessage());
        }
    }

    /**
     * The names of a call's data parameters: count and datatype as DUMPI prints them, bytes and
     * contiguous as the tracer adds them ({@code MPI_Sendrecv} has a set for each side).
     */
    private enum Data {
        SINGLE("count", "datatype", "bytes", "contiguous"),
        SEND("sendcount", "sendtype", "sendbytes", "sendcontiguous"),
        RECV("recvcount", "recvtype", "recvbytes", "recvcontiguous");

        final String count, datatype, bytes, contiguous;

        Data(String count, String datatype, String bytes, String contiguous) {
            this.count = count;
            this.datatype = datatype;
            this.bytes = bytes;
            this.contiguous = contiguous;
        }
    }

    /** An operation with its data as {@code names} finds it in {@code r}; what the record lacks is unknown. */
    private static P2pOp op(DumpiRecord r, boolean send, long time, int comm, int peer, int tag, Data names) {
        long count = r.param(names.count) != null ? r.integer(names.count) : -1;
        int datatype = r.param(names.datatype) != null ? (int) r.integer(names.datatype) : -1;
        long bytes = r.param(names.bytes) != null ? r.integer(names.bytes) : -1;
        byte layout = r.param(names.contiguous) == null ? P2pOp.LAYOUT_UNKNOWN
                : r.integer(names.contiguous) != 0 ? P2pOp.CONTIGUOUS : P2pOp.NONCONTIGUOUS;
        return new P2pOp(send, time, comm, peer, tag, r.line(), count, datatype, bytes, layout);
    }

    private void send(DumpiRecord r, long time, String peerName, String tagName, Data data) {
        int comm = noteComm(r, "comm");
        int dest = (int) r.integer(peerName);
        int tag = (int) r.integer(tagName);
        if (dest < 0) { log.procNull(1); return; }
        if (tag < 0) { log.badTag(); return; }
        log.add(op(r, true, time, comm, dest, tag, data));
    }

    private void post(DumpiRecord r, long time, String peerName, String tagName, Data data) {
        int comm = noteComm(r, "comm");
        int source = wildcard(r, peerName, "MPI_ANY_SOURCE", Mpi.ANY_SOURCE);
        int tag = wildcard(r, tagName, "MPI_ANY_TAG", Mpi.ANY_TAG);
        if (source < Mpi.ANY_SOURCE) { log.procNull(1); return; }
        if (tag < Mpi.ANY_TAG) { log.badTag(); return; }
        log.add(op(r, false, time, comm, source, tag, data));
    }

    /**
     * DUMPI prints a wildcard as {@code -1 (MPI_ANY_SOURCE)} / {@code -1 (MPI_ANY_TAG)}
     * (DUMPI_ANY_SOURCE = DUMPI_ANY_TAG = -1); other negative ranks are MPI_PROC_NULL.
     */
    private static int wildcard(DumpiRecord r, String name, String wildcardName, int wildcardValue) {
        long v = r.integer(name);
        return wildcardName.equals(r.annotation(name)) || v == -1 ? wildcardValue : (int) Math.max(v, -2);
    }

    private void template(DumpiRecord r, boolean send, String peerName) {
        int comm = noteComm(r, "comm");
        int peer = send ? (int) r.integer(peerName) : wildcard(r, peerName, "MPI_ANY_SOURCE", Mpi.ANY_SOURCE);
        int tag = send ? (int) r.integer("tag") : wildcard(r, "tag", "MPI_ANY_TAG", Mpi.ANY_TAG);
        persistent.put(r.integer("request"), op(r, send, 0, comm, peer, tag, Data.SINGLE));
    }

    private void start(DumpiRecord r, long requestId) {
        P2pOp t = persistent.get(requestId);
        if (t == null) { log.startWithoutInit(); return; }
        if (t.send() ? t.peer() < 0 : t.peer() < Mpi.ANY_SOURCE) { log.procNull(1); return; }
        log.add(t.startedAt(r.enterWallNanos(), r.line()));
    }

    /** Returns the handle of communicator parameter {@code name}, learning which handles are WORLD and SELF. */
    private int noteComm(DumpiRecord r, String name) {
        int handle = (int) r.integer(name);
        String label = r.annotation(name);
        if ("MPI_COMM_WORLD".equals(label)) log.world(handle);
        else if ("MPI_COMM_SELF".equals(label)) log.self(handle);
        return handle;
    }

    private void newComm(DumpiRecord r) {
        int parent = r.param("oldcomm") != null ? noteComm(r, "oldcomm") : r.param("comm") != null ? noteComm(r, "comm") : -1;
        if (r.param("newcomm") == null) return;
        int handle = (int) r.integer("newcomm");
        if (handle <= 0 || "MPI_COMM_NULL".equals(r.annotation("newcomm"))) return;
        int[] world = null;
        if (r.param("worldranks") != null) {
            List<Long> w = r.integers("worldranks");
            world = new int[w.size()];
            for (int i = 0; i < world.length; i++) world[i] = w.get(i).intValue();
        }
        long color = r.param("color") != null ? r.integer("color") : 0;
        long key = r.param("key") != null ? r.integer("key") : 0;
        log.addComm(new RankLog.CommInfo(handle, r.call(), parent, world, color, key));
    }
}

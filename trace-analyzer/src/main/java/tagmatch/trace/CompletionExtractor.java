package tagmatch.trace;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import tagmatch.model.Mpi;

/**
 * Fills a {@link CompletionLog} from the records of one rank: the size of every send, and for
 * every receive the status of the call that completed it, followed through its request id from
 * {@code MPI_Irecv} or {@code MPI_Start} to the {@code MPI_Wait*} or {@code MPI_Test*} that
 * returned it. Blocking receives ({@code MPI_Recv}, {@code MPI_Sendrecv(_replace)}) carry their
 * status themselves. A request id that names no pending receive (a send, {@code MPI_REQUEST_NULL},
 * a receive from {@code MPI_PROC_NULL}) is ignored.
 */
final class CompletionExtractor implements DumpiListener {
    private static final Set<String> SENDS = Set.of("MPI_Send", "MPI_Ssend", "MPI_Bsend", "MPI_Rsend",
            "MPI_Isend", "MPI_Issend", "MPI_Ibsend", "MPI_Irsend");
    private static final Set<String> SEND_INITS = Set.of("MPI_Send_init", "MPI_Ssend_init", "MPI_Bsend_init", "MPI_Rsend_init");

    /** A persistent request: what each {@code MPI_Start} of it sends or posts. */
    private record Template(boolean send, CompletionLog.Send size, int peer) {}

    private final CompletionLog log;
    private final Map<Long, CompletionLog.Receive> pending = new HashMap<>();
    private final Map<Long, Template> persistent = new HashMap<>();

    CompletionExtractor(CompletionLog log) {
        this.log = log;
    }

    @Override
    public void record(DumpiRecord r) {
        String call = r.call();
        if (SENDS.contains(call)) {
            log.addSend(r.line(), size(r, "count", "datatype"));
        } else if (call.equals("MPI_Recv")) {
            complete(receive(r), one(r, "status"), r);
        } else if (call.equals("MPI_Irecv")) {
            CompletionLog.Receive rc = receive(r);
            rc.requestId = r.integer("request");
            pending.put(rc.requestId, rc);
        } else if (call.equals("MPI_Sendrecv") || call.equals("MPI_Sendrecv_replace")) {
            boolean replace = call.equals("MPI_Sendrecv_replace");
            CompletionLog.Receive rc = receive(r);
            log.addSend(r.line(), replace ? size(r, "count", "datatype") : size(r, "sendcount", "sendtype"));
            complete(rc, one(r, "status"), r);
        } else if (SEND_INITS.contains(call)) {
            persistent.put(r.integer("request"), new Template(true, size(r, "count", "datatype"), (int) r.integer("dest")));
        } else if (call.equals("MPI_Recv_init")) {
            persistent.put(r.integer("request"), new Template(false, null, (int) r.integer("source")));
        } else if (call.equals("MPI_Start")) {
            start(r, r.integer("request"));
        } else if (call.equals("MPI_Startall")) {
            for (long id : r.integers("requests")) start(r, id);
        } else if (call.equals("MPI_Wait")) {
            complete(r.integer("request"), one(r, "status"), r);
        } else if (call.equals("MPI_Test")) {
            if (r.integer("flag") != 0) complete(r.integer("request"), one(r, "status"), r);
        } else if (call.equals("MPI_Waitall") || call.equals("MPI_Testall")) {
            if (call.equals("MPI_Testall") && r.integer("flag") == 0) return;
            List<Long> ids = r.integers("requests");
            List<CompletionLog.Status> st = statuses(r, "statuses");
            for (int i = 0; i < ids.size() && i < st.size(); i++) complete(ids.get(i), st.get(i), r);
        } else if (call.equals("MPI_Waitany") || call.equals("MPI_Testany")) {
            if (call.equals("MPI_Testany") && r.integer("flag") == 0) return;
            long index = r.integer("index");
            List<Long> ids = r.integers("requests");
            if (index >= 0 && index < ids.size()) complete(ids.get((int) index), one(r, "status"), r);
        } else if (call.equals("MPI_Waitsome") || call.equals("MPI_Testsome")) {
            List<Long> ids = r.integers("requests");
            List<Long> indices = r.integers("indices");
            List<CompletionLog.Status> st = statuses(r, "statuses");
            for (int i = 0; i < indices.size() && i < st.size(); i++) {
                long index = indices.get(i);
                if (index >= 0 && index < ids.size()) complete(ids.get((int) index), st.get(i), r);
            }
        } else if (call.equals("MPI_Request_free")) {
            long id = r.integer("request");
            pending.remove(id);
            persistent.remove(id);
        }
    }

    @Override
    public void footer(DumpiFooter footer) {
        log.datatypeSizes(footer.datatypeSizes());
    }

    private CompletionLog.Receive receive(DumpiRecord r) {
        CompletionLog.Receive rc = new CompletionLog.Receive(r.call(), r.line());
        log.addReceive(rc);
        return rc;
    }

    /**
     * Starts persistent request {@code id}. A start P2pExtractor leaves out (no such request, or
     * the peer is MPI_PROC_NULL) is left out here too, so that the ordinals of one
     * {@code MPI_Startall} stay in step with its operations.
     */
    private void start(DumpiRecord r, long id) {
        Template t = persistent.get(id);
        if (t == null) return;
        if (t.send()) {
            if (t.peer() >= 0) log.addSend(r.line(), t.size());
        } else if (t.peer() >= Mpi.ANY_SOURCE) {
            CompletionLog.Receive rc = receive(r);
            rc.requestId = id;
            pending.put(id, rc);
        }
    }

    private void complete(long requestId, CompletionLog.Status status, DumpiRecord by) {
        CompletionLog.Receive rc = pending.remove(requestId);
        if (rc != null) complete(rc, status, by);
    }

    private static void complete(CompletionLog.Receive rc, CompletionLog.Status status, DumpiRecord by) {
        if (status == null) return;
        rc.status = status;
        rc.completedNanos = by.leaveWallNanos();
        rc.completedBy = by.call();
        rc.completedLine = by.line();
    }

    private static CompletionLog.Send size(DumpiRecord r, String count, String datatype) {
        return new CompletionLog.Send(r.integer(count), (int) r.integer(datatype));
    }

    private static CompletionLog.Status one(DumpiRecord r, String name) {
        List<CompletionLog.Status> st = statuses(r, name);
        return st.isEmpty() ? null : st.get(0);
    }

    /** The statuses of parameter {@code name}; empty for {@code <IGNORED>}. */
    private static List<CompletionLog.Status> statuses(DumpiRecord r, String name) {
        List<CompletionLog.Status> out = new ArrayList<>();
        DumpiParam p = r.param(name);
        if (p == null) return out;
        DumpiValue v = p.value();
        List<DumpiValue> items = v instanceof DumpiValue.Items list ? list.items() : List.of(v);
        for (DumpiValue item : items) {
            if (!(item instanceof DumpiValue.Status s)) continue;
            Map<String, Long> f = s.fields();
            out.add(new CompletionLog.Status(f.getOrDefault("source", -1L).intValue(), f.getOrDefault("tag", -1L).intValue(),
                    f.getOrDefault("bytes", -1L), f.getOrDefault("cancelled", 0L) != 0));
        }
        return out;
    }
}

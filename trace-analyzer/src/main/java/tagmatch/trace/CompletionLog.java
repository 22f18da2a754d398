package tagmatch.trace;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * What {@code trace verify} needs of one rank beyond its {@link RankLog}: for every send its
 * element count and datatype (hence its size), for every receive the status Open MPI completed
 * it with and when that completion returned.
 *
 * <p>Entries are found by the record line of the call that sent or posted, and the ordinal among
 * the operations of the same kind that record made (one, except {@code MPI_Startall}): the same
 * key as a {@link P2pOp}'s line, so that verify joins them without repeating the extraction rules
 * of {@link P2pExtractor}.
 */
final class CompletionLog {
    /** One sent message: {@code count} elements of DUMPI datatype {@code datatype}. */
    record Send(long count, int datatype) {}

    /** One posted receive and, once known, how it completed. */
    static final class Receive {
        final String call;
        final int line;
        long requestId = -1;
        /** The status Open MPI returned, or {@code null} while the trace has not completed the receive. */
        Status status;
        /** Wall time the completing call returned. */
        long completedNanos;
        String completedBy;
        int completedLine;

        Receive(String call, int line) {
            this.call = call;
            this.line = line;
        }

        boolean completed() {
            return status != null;
        }

        boolean cancelled() {
            return status != null && status.cancelled();
        }
    }

    /** An {@code MPI_Status} as the trace prints it; {@code source} is a rank of the receive's communicator. */
    record Status(int source, int tag, long bytes, boolean cancelled) {}

    private final Map<Integer, List<Send>> sendsByLine = new HashMap<>();
    private final Map<Integer, List<Receive>> receivesByLine = new HashMap<>();
    private final Map<Integer, Long> datatypeSizes = new HashMap<>();

    void addSend(int line, Send s) {
        sendsByLine.computeIfAbsent(line, l -> new ArrayList<>(1)).add(s);
    }

    void addReceive(Receive r) {
        receivesByLine.computeIfAbsent(r.line, l -> new ArrayList<>(1)).add(r);
    }

    void datatypeSizes(Map<Integer, Long> sizes) {
        datatypeSizes.putAll(sizes);
    }

    /** The {@code ordinal}-th send the record at {@code line} made. */
    Send send(int line, int ordinal) {
        return entry(sendsByLine, line, ordinal, "send");
    }

    /** The {@code ordinal}-th receive the record at {@code line} posted. */
    Receive receive(int line, int ordinal) {
        return entry(receivesByLine, line, ordinal, "receive");
    }

    /** The size in bytes of {@code s}, or -1 when its datatype's size is not in the trace's footer (derived types). */
    long bytes(Send s) {
        Long size = datatypeSizes.get(s.datatype());
        return size == null ? -1 : s.count() * size;
    }

    private static <T> T entry(Map<Integer, List<T>> byLine, int line, int ordinal, String what) {
        List<T> at = byLine.get(line);
        if (at == null || ordinal >= at.size()) {
            throw new IllegalStateException("no " + what + " #" + ordinal + " recorded at line " + line + ": extraction out of step with P2pExtractor");
        }
        return at.get(ordinal);
    }
}

package tagmatch.trace;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import tagmatch.model.Capacities;
import tagmatch.model.Event;
import tagmatch.model.InputRules;
import tagmatch.model.Mpi;
import tagmatch.model.Outcome;
import tagmatch.model.ReferenceMatcher;
import tagmatch.model.Result;

/**
 * Judges the reference matcher by Open MPI: for every receive that completed in a trace, the
 * message the {@link ReferenceMatcher} gives it (replaying the trace's {@link EventStreams} in
 * the order {@code trace analyze} uses: arrival = the send call's entry) against the message
 * Open MPI gave it, as its recorded {@code MPI_Status} names it.
 *
 * <p><b>Which send Open MPI matched.</b> A status names a source and a tag, not a send. But
 * receives whose statuses name the same (source, tag) took that sender's messages with that tag
 * in send order and in their own posting order: if the earlier-posted one had taken the later
 * message, the earlier message would have reached it first, or found it pending first (MPI's
 * non-overtaking rules for sends and for receives). So the k-th such receive got the k-th such
 * message. The status's byte count is checked against that send's size (count times the
 * datatype size from the footer; derived datatypes are not checked).
 *
 * <p><b>What must agree.</b> A receive that names its source, posted before any
 * {@code MPI_ANY_SOURCE} receive of its stream (receiving rank and communicator), is <i>determined</i>:
 * only its sender's messages compete for it, they arrive in send order, so no timing changes
 * what it gets. Every determined receive must agree; a disagreement means the reference (or this
 * join) is wrong. The others are <i>order-dependent</i>: which of two senders' messages an
 * {@code MPI_ANY_SOURCE} receive gets depends on which arrived first, and the trace records when
 * each send began, not when it arrived. A message {@code m} arrived after its send began
 * ({@code lo(m)}) and before the receive Open MPI gave it returned ({@code hi(m)}; unbounded if it
 * was never received). An order-dependent disagreement (reference: {@code X}, Open MPI: {@code Y})
 * is <i>ambiguous</i> when X and Y come from different senders and {@code lo(Y) < hi(X)}: Y may
 * have arrived before X. It <i>follows</i>
 * when the receive that Open MPI gave X, or the reference gave Y, was posted earlier and is itself
 * an explained disagreement (one different choice shifts the later ones). Anything else is
 * unexplained.
 *
 * <p>Successfully cancelled receives matched nothing in Open MPI; they are left out of the replay.
 * Receives the trace never completes take part in the replay but are not compared.
 */
public final class StatusVerifier {
    /** How one completed receive compares. */
    public enum Agreement {
        /** The reference chose the message Open MPI chose. */
        AGREE,
        /** They differ, and the recorded times leave the arrival order of the two messages open. */
        AMBIGUOUS,
        /** They differ because an earlier explained disagreement took one of the two messages. */
        FOLLOWS,
        /** They differ and nothing in the trace explains it. */
        DISAGREE,
        /** The status names no message of the trace that the receive could have matched. */
        UNIDENTIFIED,
        /** The status's byte count is not the size of the message it names. */
        SIZE_DIFFERS;

        boolean failure() {
            return this == DISAGREE || this == UNIDENTIFIED || this == SIZE_DIFFERS;
        }
    }

    /** A message as the report shows it: its sender (world rank), the send's line and entry time, tag and size (-1: unknown). */
    public record Message(int sender, int line, int tag, long bytes, long sentNanos) {}

    /**
     * One receive that does not simply agree: where it was posted ({@code source}, {@code tag}:
     * its pattern, -1 a wildcard), what Open MPI and the reference gave it ({@code null}: nothing
     * or unknown), and why they differ.
     */
    public record Case(Agreement verdict, boolean determined, int rank, int comm, String call, int line, int source, int tag,
                       long postedNanos, Message openMpi, Message reference, String why) {}

    /** The verdicts of one trace. */
    public static final class Report {
        private final String trace;
        private final int ranks;
        private final long[][] counts = new long[2][Agreement.values().length];
        private final List<Case> cases = new ArrayList<>();
        private long cancelled;
        private long open;
        private long sizesChecked;
        private long anySource;
        private long startNanos = Long.MAX_VALUE;

        Report(String trace, int ranks) {
            this.trace = trace;
            this.ranks = ranks;
        }

        public String trace() { return trace; }
        public int ranks() { return ranks; }
        /** Completed receives of the group ({@code determined} or order-dependent) with verdict {@code v}. */
        public long count(boolean determined, Agreement v) { return counts[determined ? 0 : 1][v.ordinal()]; }
        /** Completed, uncancelled receives of the group. */
        public long receives(boolean determined) { return Arrays.stream(counts[determined ? 0 : 1]).sum(); }
        /** Of all compared receives, how many were posted with {@code MPI_ANY_SOURCE}. */
        public long anySource() { return anySource; }
        public long cancelled() { return cancelled; }
        /** Receives the trace never completes (still pending at the end, or freed). */
        public long open() { return open; }
        /** Receives whose status byte count was compared with their message's size. */
        public long sizesChecked() { return sizesChecked; }
        /** Every receive that does not agree, in stream order. */
        public List<Case> cases() { return List.copyOf(cases); }
        /** The earliest operation's wall time, for relative times in reports. */
        public long startNanos() { return startNanos == Long.MAX_VALUE ? 0 : startNanos; }

        /** {@code nanos} as microseconds after the trace's first operation, as reports show times. */
        public String time(long nanos) {
            return String.format(java.util.Locale.ROOT, "%.1f us", (nanos - startNanos()) / 1e3);
        }

        /** Receives that disagree without an explanation, or whose status names no fitting message. */
        public long failures() {
            long n = 0;
            for (Agreement v : Agreement.values()) if (v.failure()) n += count(true, v) + count(false, v);
            return n;
        }
    }

    /** A receive of the stream being verified. */
    private record Posted(P2pOp op, CompletionLog.Receive info) {}

    /** A send of the stream being verified. */
    private record Sent(int sender, P2pOp op, long bytes) {
        Message message() {
            return new Message(sender, op.line(), op.tag(), bytes, op.wallNanos());
        }
    }

    private StatusVerifier() {}

    /** Verifies every stream of one trace; {@code completions} by rank, from the same files as {@code logs}. */
    public static Report verify(String trace, List<RankLog> logs, List<CompletionLog> completions) {
        Report report = new Report(trace, logs.size());
        for (RankLog l : logs) for (P2pOp op : l.ops()) report.startNanos = Math.min(report.startNanos, op.wallNanos());
        Communicators comms = new Communicators(logs);
        List<List<Sent>> sends = new ArrayList<>();
        for (RankLog l : logs) sends.add(sends(l, completions.get(l.rank())));
        for (EventStream s : EventStreams.build(logs).streams()) {
            new StreamCheck(s, logs, completions, comms, sends, report).run();
        }
        return report;
    }

    private static List<Sent> sends(RankLog log, CompletionLog c) {
        List<Sent> out = new ArrayList<>();
        int line = -1, ordinal = 0;
        for (P2pOp op : log.ops()) {
            if (!op.send()) continue;
            ordinal = op.line() == line ? ordinal + 1 : 0;
            line = op.line();
            out.add(new Sent(log.rank(), op, c.bytes(c.send(line, ordinal))));
        }
        return out;
    }

    /** The verification of one stream: one receiving rank on one communicator. */
    private static final class StreamCheck {
        private final EventStream stream;
        private final Report report;
        private final List<Event> events = new ArrayList<>();
        private final Map<Long, Posted> posts = new HashMap<>();
        private final Map<Long, Sent> arrivals = new HashMap<>();
        private final Map<Long, Long> reference = new HashMap<>(); // receive id -> message id, and back
        private final Map<Long, Long> openMpi = new HashMap<>();   // the same for Open MPI's statuses
        private final Map<Long, Agreement> verdicts = new HashMap<>();

        StreamCheck(EventStream stream, List<RankLog> logs, List<CompletionLog> completions, Communicators comms,
                    List<List<Sent>> sends, Report report) {
            this.stream = stream;
            this.report = report;
            List<Posted> mine = posted(logs.get(stream.rank()), completions.get(stream.rank()), stream.comm());
            int[] members = comms.members(stream.rank(), stream.comm());
            Map<Integer, ArrayDeque<Sent>> bySource = new HashMap<>();
            int p = 0;
            for (Event e : stream.events()) {
                if (e instanceof Event.Post post) {
                    posts.put(post.id(), mine.get(p++));
                } else if (e instanceof Event.Arrive a) {
                    arrivals.put(a.id(), bySource.computeIfAbsent(a.source(), s -> toMe(sends.get(members[s]), members, comms)).pop());
                }
                events.add(e);
            }
        }

        /** The sender's messages that {@link EventStreams} delivers into this stream, in send order. */
        private ArrayDeque<Sent> toMe(List<Sent> senderSends, int[] members, Communicators comms) {
            ArrayDeque<Sent> out = new ArrayDeque<>();
            int me = indexOf(members, stream.rank());
            for (Sent s : senderSends) {
                if (s.op().comm() == stream.comm() && s.op().peer() == me
                        && Arrays.equals(comms.members(s.sender(), stream.comm()), members)) {
                    out.add(s);
                }
            }
            return out;
        }

        void run() {
            replay();
            identify();
            judge();
        }

        /** The reference's choices: the stream without the receives Open MPI cancelled. */
        private void replay() {
            ReferenceMatcher m = new ReferenceMatcher(Capacities.UNBOUNDED);
            for (Event e : events) {
                if (e instanceof Event.Post p && posts.get(p.id()).info().cancelled()) continue;
                Result r = m.apply(e);
                if (r == null || r.outcome() != Outcome.MATCHED) continue;
                long id = e instanceof Event.Post p ? p.id() : ((Event.Arrive) e).id();
                reference.put(id, r.partner());
                reference.put(r.partner(), id);
            }
        }

        /** Open MPI's choices: the k-th receive whose status names (source, tag) got the k-th such message. */
        private void identify() {
            Map<Long, ArrayDeque<Long>> byKey = new HashMap<>();
            for (Event e : events) {
                if (e instanceof Event.Arrive a) byKey.computeIfAbsent(key(a.source(), a.tag()), k -> new ArrayDeque<>()).add(a.id());
            }
            for (Event e : events) {
                if (!(e instanceof Event.Post p)) continue;
                CompletionLog.Receive info = posts.get(p.id()).info();
                if (!info.completed() || info.cancelled() || info.status.source() < 0) continue;
                ArrayDeque<Long> q = byKey.get(key(info.status.source(), info.status.tag()));
                if (q == null || q.isEmpty()) continue;
                long msg = q.pop();
                openMpi.put(p.id(), msg);
                openMpi.put(msg, p.id());
            }
        }

        private void judge() {
            Map<Long, Boolean> determined = new HashMap<>();
            List<Long> order = new ArrayList<>();
            boolean anySourceBefore = false;
            for (Event e : events) {
                if (!(e instanceof Event.Post p)) continue;
                Posted posted = posts.get(p.id());
                CompletionLog.Receive info = posted.info();
                if (info.cancelled()) { report.cancelled++; continue; }
                boolean det = p.source() != Mpi.ANY_SOURCE && !anySourceBefore;
                anySourceBefore |= p.source() == Mpi.ANY_SOURCE;
                if (!info.completed()) { report.open++; continue; }
                if (p.source() == Mpi.ANY_SOURCE) report.anySource++;
                determined.put(p.id(), det);
                order.add(p.id());
                verdicts.put(p.id(), first(p, info));
            }
            explain(determined, order);
            for (long id : order) {
                Agreement v = verdicts.get(id);
                boolean det = determined.get(id);
                report.counts[det ? 0 : 1][v.ordinal()]++;
                if (v != Agreement.AGREE) report.cases.add(describe(id, v, det));
            }
        }

        /** The verdict before explanations: agree, the status's own faults, or DISAGREE. */
        private Agreement first(Event.Post p, CompletionLog.Receive info) {
            Long y = openMpi.get(p.id());
            if (y == null) return Agreement.UNIDENTIFIED;
            Sent sent = arrivals.get(y);
            if (!InputRules.matches(p, new Event.Arrive(y, stream.comm(), info.status.source(), sent.op().tag()))) return Agreement.UNIDENTIFIED;
            if (info.status.bytes() >= 0 && sent.bytes() >= 0) {
                report.sizesChecked++;
                if (info.status.bytes() != sent.bytes()) return Agreement.SIZE_DIFFERS;
            }
            return y.equals(reference.get(p.id())) ? Agreement.AGREE : Agreement.DISAGREE;
        }

        /** Marks order-dependent disagreements AMBIGUOUS, then FOLLOWS until nothing changes. */
        private void explain(Map<Long, Boolean> determined, List<Long> order) {
            for (long id : order) {
                if (verdicts.get(id) != Agreement.DISAGREE || determined.get(id)) continue;
                Long x = reference.get(id);
                if (x == null) continue;
                Sent sx = arrivals.get(x), sy = arrivals.get(openMpi.get(id));
                // one sender's messages arrive in send order: only two senders' can be in doubt
                if (sx.sender() != sy.sender() && sy.op().wallNanos() < latestArrival(x)) verdicts.put(id, Agreement.AMBIGUOUS);
            }
            boolean changed = true;
            while (changed) {
                changed = false;
                for (long id : order) {
                    if (verdicts.get(id) != Agreement.DISAGREE || determined.get(id)) continue;
                    if (explained(takerOf(openMpi, reference.get(id)), id) || explained(takerOf(reference, openMpi.get(id)), id)) {
                        verdicts.put(id, Agreement.FOLLOWS);
                        changed = true;
                    }
                }
            }
        }

        /**
         * Whether {@code receive}, posted before {@code self}, disagrees explainedly. Only an earlier
         * receive can take a message in {@code self}'s place: a later one gets a message that
         * {@code self} also matches only if it arrived after {@code self} was served, which is
         * {@code self}'s own ambiguity, already tested.
         */
        private boolean explained(Long receive, long self) {
            if (receive == null || receive >= self) return false;
            Agreement v = verdicts.get(receive);
            return v == Agreement.AMBIGUOUS || v == Agreement.FOLLOWS;
        }

        /** The receive that {@code choices} gave message {@code msg}, or {@code null}. */
        private static Long takerOf(Map<Long, Long> choices, Long msg) {
            return msg == null ? null : choices.get(msg);
        }

        /** When message {@code msg} had certainly arrived: when the receive Open MPI gave it returned; unbounded if none did. */
        private long latestArrival(long msg) {
            Long taker = openMpi.get(msg);
            return taker == null ? Long.MAX_VALUE : posts.get(taker).info().completedNanos;
        }

        private Case describe(long id, Agreement v, boolean det) {
            Posted posted = posts.get(id);
            CompletionLog.Receive info = posted.info();
            Long y = openMpi.get(id);
            Long x = reference.get(id);
            Message om = y == null ? null : arrivals.get(y).message();
            Message ref = x == null ? null : arrivals.get(x).message();
            return new Case(v, det, stream.rank(), stream.comm(), info.call, posted.op().line(), posted.op().peer(), posted.op().tag(),
                    posted.op().wallNanos(), om, ref, why(id, v, det, info, x, y));
        }

        private String why(long id, Agreement v, boolean det, CompletionLog.Receive info, Long x, Long y) {
            switch (v) {
                case UNIDENTIFIED:
                    return y == null
                            ? "the status names source " + info.status.source() + " tag " + info.status.tag() + ", but no further such message was sent to this rank"
                            : "the status names source " + info.status.source() + " tag " + info.status.tag() + ", which this receive's pattern does not match";
                case SIZE_DIFFERS:
                    return "the status reports " + info.status.bytes() + " bytes, the message has " + arrivals.get(y).bytes();
                case AMBIGUOUS: {
                    long hi = latestArrival(x);
                    Sent sx = arrivals.get(x), sy = arrivals.get(y);
                    String bound = hi == Long.MAX_VALUE ? "was never received, so its arrival is unbounded"
                            : "had certainly arrived only when its receive returned at " + time(hi);
                    return "arrival order open: rank " + sy.sender() + "'s send began at " + time(sy.op().wallNanos()) + ", while rank "
                            + sx.sender() + "'s message (sent at " + time(sx.op().wallNanos()) + ") " + bound;
                }
                case FOLLOWS: {
                    Long inOpenMpi = takerOf(openMpi, x);
                    boolean viaOpenMpi = explained(inOpenMpi, id);
                    Long cause = viaOpenMpi ? inOpenMpi : takerOf(reference, y);
                    return "follows from the receive at line " + posts.get(cause).op().line() + ", which "
                            + (viaOpenMpi ? "Open MPI gave the reference's message" : "the reference gave Open MPI's message");
                }
                case DISAGREE:
                    return det ? "a receive naming its source is decided by non-overtaking alone: the reference is wrong here"
                            : x == null ? "the reference leaves it unmatched and nothing explains it"
                            : "rank " + arrivals.get(y).sender() + "'s send began at " + time(arrivals.get(y).op().wallNanos())
                            + ", after the reference's message had certainly arrived (" + time(latestArrival(x)) + ")";
                default:
                    return "";
            }
        }

        private String time(long nanos) {
            return report.time(nanos);
        }

        private static List<Posted> posted(RankLog log, CompletionLog c, int comm) {
            List<Posted> out = new ArrayList<>();
            int line = -1, ordinal = 0;
            for (P2pOp op : log.ops()) {
                if (op.send()) continue;
                ordinal = op.line() == line ? ordinal + 1 : 0;
                line = op.line();
                if (op.comm() == comm) out.add(new Posted(op, c.receive(line, ordinal)));
            }
            return out;
        }

        private static long key(int source, int tag) {
            return ((long) source << 32) | (tag & 0xffffffffL);
        }

        private static int indexOf(int[] a, int v) {
            for (int i = 0; i < a.length; i++) if (a[i] == v) return i;
            return -1;
        }
    }
}

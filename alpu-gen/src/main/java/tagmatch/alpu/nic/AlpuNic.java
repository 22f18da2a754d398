package tagmatch.alpu.nic;

import java.math.BigInteger;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

import tagmatch.alpu.Variant;
import tagmatch.alpu.model.Command;
import tagmatch.alpu.model.Kind;
import tagmatch.alpu.model.Request;
import tagmatch.alpu.model.Response;
import tagmatch.model.Capacities;
import tagmatch.model.Costs;
import tagmatch.model.Event;
import tagmatch.model.InputRules;
import tagmatch.model.Matcher;
import tagmatch.model.Result;

/**
 * The NIC processor of seed 001 (sections IV-B..D and V-C) managing MPI matching with two ALPUs.
 *
 * <p>Software keeps both lists in full, oldest first; the oldest {@code inAlpu} entries of each are
 * also in its ALPU, in the same order, tagged with a handle to the software entry. Every message
 * header goes to the PRQ ALPU and every receive being posted to the UMQ ALPU, as the hardware
 * copies them. On MATCH_SUCCESS the tag names the software entry to remove; on MATCH_FAILURE the
 * processor searches only the part of the list not in the ALPU (from the pointer {@code inAlpu}
 * on), and stores the event on the other list if that fails too. Because the ALPU holds exactly
 * the oldest part of the list and answers the oldest match in it, this is exact MPI ordering.
 *
 * <p>Inserts are batched (IV-C): once a list holds at least {@code insertThreshold} entries and part
 * of it is not in its ALPU, the processor sends START_INSERT, handles match responses that arrive
 * before START_ACK, inserts as many entries as START_ACK says are free, and sends STOP_INSERT.
 * This runs while the current event's own request is in flight (as in the seed's NIC loop), so a
 * request held by R4 may be answered from an entry inserted by that very batch.
 *
 * <p>{@link #costs()} counts software list entries traversed, which is what seed 001 figure 5
 * plots against queue length.
 */
public final class AlpuNic implements Matcher {

    /** One software list entry: the event and, while it is in the ALPU, its tag there. */
    private static final class Slot {
        final Event event;
        long tag = -1;

        Slot(Event event) {
            this.event = event;
        }
    }

    /** One ALPU with the software list it accelerates. */
    private final class Queue {
        final AlpuDevice device;
        final List<Slot> list = new ArrayList<>();
        final Map<Long, Slot> byTag = new HashMap<>();
        final ArrayDeque<Long> freeTags = new ArrayDeque<>();
        final int capacity;
        /** The pointer of IV-B: entries [0, inAlpu) are in the ALPU, the rest are not yet. */
        int inAlpu;
        long batches;
        long inserted;

        Queue(AlpuDevice device, int capacity) {
            this.device = device;
            this.capacity = capacity;
            for (long t = 0; t < device.config().cells(); t++) freeTags.addLast(t);
        }
    }

    private final Queue prq;
    private final Queue umq;
    private final MatchLayout layout;
    private final InputRules rules;
    private final int insertThreshold;
    private final Costs costs = new Costs();
    /** The current event's result, once its ALPU answer has been handled. */
    private Result answered;
    private long lastTraversed;

    /**
     * @param prq             a PRQ ALPU for posted receives
     * @param umq             a UMQ ALPU for unexpected messages
     * @param layout          envelope to match-bit packing; both ALPUs need MATCH_W &gt;= its width
     * @param capacities      software list capacities (as the reference's)
     * @param insertThreshold a list is loaded into its ALPU once it holds at least this many entries
     */
    public AlpuNic(AlpuDevice prq, AlpuDevice umq, MatchLayout layout, Capacities capacities, int insertThreshold) {
        Objects.requireNonNull(prq, "prq");
        Objects.requireNonNull(umq, "umq");
        this.layout = Objects.requireNonNull(layout, "layout");
        Objects.requireNonNull(capacities, "capacities");
        if (prq.config().variant() != Variant.PRQ) {
            throw new IllegalArgumentException("prq device must be a PRQ ALPU, got " + prq.config().variant());
        }
        if (umq.config().variant() != Variant.UMQ) {
            throw new IllegalArgumentException("umq device must be a UMQ ALPU, got " + umq.config().variant());
        }
        for (AlpuDevice d : List.of(prq, umq)) {
            if (d.config().matchWidth() < layout.width()) {
                throw new IllegalArgumentException(d.config().variant() + " ALPU MATCH_W = " + d.config().matchWidth()
                        + " is too narrow for the " + layout.width() + "-bit match layout");
            }
            if (d.config().tagWidth() < 31 && (1L << d.config().tagWidth()) < d.config().cells()) {
                throw new IllegalArgumentException(d.config().variant() + " ALPU TAG_W = " + d.config().tagWidth()
                        + " cannot name " + d.config().cells() + " cells: need TAG_W >= log2(CELLS)");
            }
        }
        if (insertThreshold < 1) {
            throw new IllegalArgumentException("insertThreshold must be >= 1, got " + insertThreshold);
        }
        this.prq = new Queue(prq, capacities.posted());
        this.umq = new Queue(umq, capacities.unexpected());
        this.rules = InputRules.DEFAULT;
        this.insertThreshold = insertThreshold;
    }

    @Override
    public String name() {
        return "alpu-nic";
    }

    @Override
    public Costs costs() {
        return costs;
    }

    /** Software list entries traversed by the last post or arrival. */
    public long lastTraversed() {
        return lastTraversed;
    }

    /** Entries of the posted-receive list currently held by the PRQ ALPU. */
    public int postedInAlpu() {
        return prq.inAlpu;
    }

    /** Entries of the unexpected-message list currently held by the UMQ ALPU. */
    public int unexpectedInAlpu() {
        return umq.inAlpu;
    }

    /** Insert batches (START_INSERT ... STOP_INSERT) sent so far to both ALPUs. */
    public long batches() {
        return prq.batches + umq.batches;
    }

    @Override
    public Result arrive(Event.Arrive m) {
        rules.checkArrive(m);
        BigInteger key = layout.key(m);
        int postedBefore = prq.list.size();
        int unexpectedBefore = umq.list.size();
        prq.device.submit(new Request(key, BigInteger.ZERO));
        Result r = resolve(prq, umq, m);
        costs.endOperation(false, postedBefore, unexpectedBefore);
        update(umq);
        update(prq);
        return r;
    }

    @Override
    public Result post(Event.Post p) {
        rules.checkPost(p);
        BigInteger key = layout.key(p);
        BigInteger mask = layout.mask(p);
        int postedBefore = prq.list.size();
        int unexpectedBefore = umq.list.size();
        umq.device.submit(new Request(key, mask));
        Result r = resolve(umq, prq, p);
        costs.endOperation(true, postedBefore, unexpectedBefore);
        update(prq);
        update(umq);
        return r;
    }

    /** Handles the answer to the request just submitted to {@code q}, loading {@code q} meanwhile (V-C). */
    private Result resolve(Queue q, Queue other, Event event) {
        answered = null;
        batch(q, other, event);
        if (answered == null) {
            Response r = q.device.awaitResponse();
            if (r.kind() == Kind.START_ACK) {
                throw new IllegalStateException(q.device.config().variant() + " ALPU sent START_ACK where a match answer was due");
            }
            answered = handle(q, other, event, r);
        }
        Result r = answered;
        answered = null;
        return r;
    }

    /** Applies the ALPU's answer for {@code event}, searching software and storing it as needed. */
    private Result handle(Queue searched, Queue other, Event event, Response answer) {
        long traversed = 0;
        Result result = null;
        if (answer.kind() == Kind.MATCH_SUCCESS) {
            Slot s = searched.byTag.remove(answer.tag());
            int at = s == null ? -1 : searched.list.indexOf(s);
            if (at < 0 || at >= searched.inAlpu) {
                throw new IllegalStateException(searched.device.config().variant() + " ALPU answered MATCH_SUCCESS(tag="
                        + answer.tag() + ") but no entry with that tag is in it");
            }
            searched.list.remove(at);
            searched.inAlpu--;
            searched.freeTags.addLast(s.tag);
            result = Result.matched(id(s.event));
        } else {
            for (int i = searched.inAlpu; i < searched.list.size(); i++) {
                traversed++;
                Slot s = searched.list.get(i);
                if (matches(event, s.event)) {
                    searched.list.remove(i);
                    result = Result.matched(id(s.event));
                    break;
                }
            }
        }
        costs.inspect(traversed);
        lastTraversed = traversed;
        if (result != null) return result;
        if (other.list.size() >= other.capacity) return Result.FULL;
        other.list.add(new Slot(event));
        return event instanceof Event.Post ? Result.POSTED : Result.UNEXPECTED;
    }

    /** Loads the part of {@code q}'s list not yet in its ALPU, if the threshold says so. */
    private void update(Queue q) {
        batch(q, null, null);
    }

    /**
     * One insert batch: START_INSERT, wait for START_ACK, insert up to the free count, STOP_INSERT.
     * A match answer arriving before START_ACK belongs to {@code inFlight} and was computed before
     * this batch, so it is handled at once, before the pointer moves (IV-C's race).
     */
    private void batch(Queue q, Queue other, Event inFlight) {
        int pending = q.list.size() - q.inAlpu;
        int cells = q.device.config().cells();
        if (pending == 0 || q.list.size() < insertThreshold || q.inAlpu >= cells) return;
        q.device.submit(Command.START_INSERT);
        Response r;
        while ((r = q.device.awaitResponse()).kind() != Kind.START_ACK) {
            if (inFlight == null || answered != null) {
                throw new IllegalStateException(q.device.config().variant() + " ALPU sent " + r
                        + " while no match request was outstanding");
            }
            answered = handle(q, other, inFlight, r);
        }
        // The ALPU holds exactly the list's first inAlpu entries (R5 lets software check that).
        if (r.free() != cells - q.inAlpu) {
            throw new IllegalStateException(q.device.config().variant() + " ALPU START_ACK free = " + r.free()
                    + " but software holds " + q.inAlpu + " of its " + cells + " cells in it");
        }
        int n = Math.min(r.free(), q.list.size() - q.inAlpu);
        for (int i = 0; i < n; i++) {
            Slot s = q.list.get(q.inAlpu);
            s.tag = q.freeTags.removeFirst();
            q.byTag.put(s.tag, s);
            q.inAlpu++;
            BigInteger mask = s.event instanceof Event.Post ? layout.mask((Event.Post) s.event) : BigInteger.ZERO;
            q.device.submit(Command.insert(key(s.event), mask, s.tag));
        }
        q.device.submit(Command.STOP_INSERT);
        q.batches++;
        q.inserted += n;
    }

    private BigInteger key(Event e) {
        return e instanceof Event.Post ? layout.key((Event.Post) e) : layout.key((Event.Arrive) e);
    }

    private static long id(Event e) {
        return e instanceof Event.Post ? ((Event.Post) e).id() : ((Event.Arrive) e).id();
    }

    private static boolean matches(Event a, Event b) {
        if (a instanceof Event.Post) return InputRules.matches((Event.Post) a, (Event.Arrive) b);
        return InputRules.matches((Event.Post) b, (Event.Arrive) a);
    }
}

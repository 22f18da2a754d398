package tagmatch.alpu.model;

import java.math.BigInteger;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

import tagmatch.alpu.AlpuConfig;
import tagmatch.alpu.Variant;

/**
 * Checks an ALPU exactly against the datasheet's rules R1-R9 from its port traffic alone: feed it
 * one {@link PortSample} per clock cycle; the first deviation throws {@link AlpuViolation}.
 *
 * <p>Why exact checking is possible although the implementation chooses how the request and
 * command streams interleave (R1): requests are processed in acceptance order and commands in
 * theirs, and responses leave in processing order (R2). Only two kinds of command are visible in
 * the response stream: a START_INSERT (its START_ACK sits exactly where it was processed between
 * the match answers) and nothing else. Every other command (INSERT, STOP_INSERT, RESET, a discarded
 * one) is silent, so the scoreboard keeps the set of <em>hypotheses</em> "the unit has processed
 * commands up to here and is in this state" that are consistent with every response so far. Each
 * response extends every hypothesis by any number of silent commands that were already accepted
 * when the response became valid, then by the one step that produces the response, and keeps
 * those that produce exactly the observed response. R1, R3 and R6 make the answers independent of
 * where the silent inserts fall (the datasheet's last paragraph), so the set stays small: it
 * differs only in how far the silent commands have been consumed, and R9 prunes those that are
 * older than the liveness bound. A RESET issued while requests are outstanding, or an INSERT beyond
 * the acknowledged free count, genuinely has several legal outcomes; the set keeps all of them
 * until a response or the idle status outputs tell them apart.
 *
 * <p>Liveness (R9) counts only cycles with {@code rsp_ready} high: an accepted command must be
 * processed, and the oldest unanswered request that cannot be held by R4 must be answered, within
 * {@code r9Bound} such cycles. When the unit is idle (nothing outstanding, no response offered)
 * for {@code r9Bound} such cycles, the status outputs must equal the model's exactly.
 */
public final class AlpuScoreboard {
    /** More hypotheses than this means the bench created an unreasonable amount of ambiguity. */
    public static final int MAX_HYPOTHESES = 4096;
    private static final int HISTORY = 48;

    private record Accepted<T>(T item, long cycle, long readyStamp) {}

    private record Hypothesis(AlpuModel state, int nextCmd) {}

    private final AlpuConfig config;
    private final int r9Bound;
    private final BigInteger matchMask;
    private final long tagMask;
    private final ArrayDeque<String> history = new ArrayDeque<>();

    private final List<Accepted<Request>> requests = new ArrayList<>();
    private final List<Accepted<Command>> commands = new ArrayList<>();
    private int answered;
    private List<Hypothesis> hypotheses = new ArrayList<>();

    private PortSample previous;
    private long rspFirstValid;
    private long readyCycles;
    private long headWait;
    private long idleReady;
    private boolean headHoldKnown;
    private boolean headMayHold;

    private long responsesChecked;
    private long requestsSeen;
    private long commandsSeen;
    private long idleChecks;
    private int maxHypotheses = 1;
    private long answeredInInsertMode;
    private long answeredAfterHold;
    private boolean headWasHeld;

    public AlpuScoreboard(AlpuConfig config, int r9Bound) {
        this.config = Objects.requireNonNull(config, "config");
        if (r9Bound < 1) throw new IllegalArgumentException("r9Bound must be >= 1, got " + r9Bound);
        this.r9Bound = r9Bound;
        this.matchMask = BigInteger.ONE.shiftLeft(config.matchWidth()).subtract(BigInteger.ONE);
        this.tagMask = (1L << config.tagWidth()) - 1;
        clear();
    }

    /** Checks one clock cycle; throws {@link AlpuViolation} on the first deviation. */
    public void observe(PortSample s) {
        if (s.rst()) {
            if (previous == null || !previous.rst()) note(s.cycle(), "rst");
            clear();
            previous = s;
            return;
        }
        boolean afterRst = previous != null && previous.rst();
        boolean held = previous != null && !previous.rst() && previous.rspValid() && !previous.rspReady();
        if (afterRst && s.rspValid()) {
            fail("RST", s.cycle(), "rsp_valid is 1 in the first cycle after rst fell: rst discards everything not answered");
        }
        if (held) {
            if (!s.rspValid()) {
                fail("PORTS", s.cycle(), "rsp_valid fell before the response " + describe(previous) + " was taken");
            }
            if (s.rspKind() != previous.rspKind() || s.rspTag() != previous.rspTag() || s.rspFree() != previous.rspFree()) {
                fail("PORTS", s.cycle(), "response changed while not taken: " + describe(previous) + " became " + describe(s));
            }
        } else if (s.rspValid()) {
            rspFirstValid = s.cycle();
        }
        if (s.rspValid() && Kind.ofCode(s.rspKind()) == null) {
            fail("R2", s.cycle(), "rsp_kind is " + s.rspKind() + ", which is no response kind");
        }

        if (s.rspFire()) {
            consume(s);
        }
        if (s.reqFire()) {
            BigInteger mask = config.variant() == Variant.UMQ ? s.reqMask().and(matchMask) : BigInteger.ZERO;
            Request r = new Request(s.reqMatch().and(matchMask), mask);
            requests.add(new Accepted<>(r, s.cycle(), readyCycles));
            requestsSeen++;
            headHoldKnown = false;
            note(s.cycle(), "accepted " + r);
        }
        if (s.cmdFire()) {
            Op op = Op.ofCode(s.cmdOp());
            Command c = op != Op.INSERT ? new Command(op, BigInteger.ZERO, BigInteger.ZERO, 0)
                    : Command.insert(s.cmdMatch().and(matchMask),
                            config.variant() == Variant.PRQ ? s.cmdMask().and(matchMask) : BigInteger.ZERO,
                            s.cmdTag() & tagMask);
            commands.add(new Accepted<>(c, s.cycle(), readyCycles));
            commandsSeen++;
            headHoldKnown = false;
            note(s.cycle(), "accepted " + c);
        }

        if (s.rspReady()) {
            readyCycles++;
            enforceCommandDeadline(s.cycle());
            checkRequestLiveness(s);
        }
        checkIdle(s);
        previous = s;
    }

    /** Responses checked so far. */
    public long responsesChecked() {
        return responsesChecked;
    }

    public long requestsSeen() {
        return requestsSeen;
    }

    public long commandsSeen() {
        return commandsSeen;
    }

    /** How often the status outputs were compared with the model while idle. */
    public long idleChecks() {
        return idleChecks;
    }

    /** Coverage: match answers that some legal interleaving produced in insert mode. */
    public long answeredInInsertMode() {
        return answeredInInsertMode;
    }

    /** Coverage: requests answered after having waited at the head while R4 could hold them. */
    public long answeredAfterHold() {
        return answeredAfterHold;
    }

    /** The largest number of simultaneous hypotheses so far (a measure of interleaving freedom used). */
    public int maxHypotheses() {
        return maxHypotheses;
    }

    /** Accepted requests not yet answered. */
    public int outstandingRequests() {
        return requests.size() - answered;
    }

    private void clear() {
        requests.clear();
        commands.clear();
        answered = 0;
        hypotheses = new ArrayList<>();
        hypotheses.add(new Hypothesis(new AlpuModel(config), 0));
        headWait = 0;
        idleReady = 0;
        headHoldKnown = false;
        headWasHeld = false;
    }

    // ---- responses ------------------------------------------------------------------------

    private void consume(PortSample s) {
        Kind kind = Kind.ofCode(s.rspKind());
        Response observed = new Response(kind, s.rspTag() & tagMask, s.rspFree());
        int available = countAcceptedBefore(commands, rspFirstValid);
        boolean forRequest = kind != Kind.START_ACK;
        int head = answered;
        if (forRequest && (head >= requests.size() || requests.get(head).cycle() >= rspFirstValid)) {
            fail("R2", s.cycle(), observed + " but no match request was outstanding when it became valid (cycle "
                    + rspFirstValid + ")");
        }
        Request request = forRequest ? requests.get(head).item() : null;
        Set<Hypothesis> next = new LinkedHashSet<>();
        boolean inInsertMode = false;
        for (Hypothesis h : hypotheses) {
            AlpuModel state = h.state().copy();
            int k = h.nextCmd();
            while (true) {
                if (forRequest) {
                    AlpuModel after = state.copy();
                    Optional<Response> r = after.match(request);
                    if (r.isPresent() && r.get().sameMeaning(observed)) {
                        next.add(new Hypothesis(after, k));
                        inInsertMode |= state.insertMode();
                    }
                } else if (k < available && commands.get(k).item().op() == Op.START_INSERT && !state.insertMode()) {
                    AlpuModel after = state.copy();
                    Optional<Response> r = after.command(commands.get(k).item());
                    if (r.get().sameMeaning(observed)) next.add(new Hypothesis(after, k + 1));
                }
                if (k >= available || !silent(state, commands.get(k).item())) break;
                state.command(commands.get(k).item());
                k++;
            }
        }
        if (next.isEmpty()) {
            fail(diagnoseRule(observed, request, available), s.cycle(), diagnose(observed, request, available));
        }
        hypotheses = new ArrayList<>(next);
        maxHypotheses = Math.max(maxHypotheses, hypotheses.size());
        if (hypotheses.size() > MAX_HYPOTHESES) {
            throw new IllegalStateException("scoreboard: " + hypotheses.size()
                    + " interleavings are consistent with the responses so far; the bench is too ambiguous");
        }
        if (forRequest) {
            answered++;
            headWait = 0;
            if (inInsertMode) answeredInInsertMode++;
            if (headWasHeld) answeredAfterHold++;
            headWasHeld = false;
        }
        headHoldKnown = false;
        responsesChecked++;
        note(s.cycle(), "response " + observed + (forRequest ? " for " + request : ""));
    }

    /** A command that yields no response in this state: everything but an accepted START_INSERT. */
    private static boolean silent(AlpuModel state, Command c) {
        return c.op() != Op.START_INSERT || state.insertMode();
    }

    private static <T> int countAcceptedBefore(List<Accepted<T>> list, long cycle) {
        int n = list.size();
        while (n > 0 && list.get(n - 1).cycle() >= cycle) n--;
        return n;
    }

    private String diagnoseRule(Response observed, Request request, int available) {
        List<Optional<Response>> expected = expectations(request, available);
        if (observed.kind() == Kind.START_ACK) {
            for (Optional<Response> e : expected) {
                if (e.isPresent() && e.get().kind() == Kind.START_ACK) return "R5";
            }
            return "R2";
        }
        boolean anyHeld = false;
        boolean anyAnswer = false;
        for (Optional<Response> e : expected) {
            if (e.isEmpty()) anyHeld = true;
            else if (e.get().kind() != Kind.START_ACK) anyAnswer = true;
        }
        if (observed.kind() == Kind.MATCH_FAILURE && anyHeld) return "R4";
        if (!anyAnswer && !anyHeld) return "R1";
        return "R3";
    }

    /** What each hypothesis would answer next (empty = the request would be held), for the message. */
    private List<Optional<Response>> expectations(Request request, int available) {
        List<Optional<Response>> out = new ArrayList<>();
        for (Hypothesis h : hypotheses) {
            AlpuModel state = h.state().copy();
            int k = h.nextCmd();
            while (true) {
                if (request != null) out.add(state.copy().match(request));
                if (k < available && !silent(state, commands.get(k).item())) {
                    out.add(state.copy().command(commands.get(k).item()));
                }
                if (k >= available || !silent(state, commands.get(k).item())) break;
                state.command(commands.get(k).item());
                k++;
            }
        }
        return out;
    }

    private String diagnose(Response observed, Request request, int available) {
        Set<String> exp = new LinkedHashSet<>();
        for (Optional<Response> e : expectations(request, available)) {
            exp.add(e.map(Response::toString).orElse("nothing yet (request held in insert mode)"));
        }
        return "observed " + observed + (request != null ? " for " + request + " (request #" + answered + ")" : "")
                + "; the datasheet allows only " + (exp.isEmpty() ? "no response" : String.join(" or ", exp))
                + "; model state: " + hypotheses.get(0).state();
    }

    // ---- liveness and idle status ---------------------------------------------------------

    /** Commands older than the R9 bound must have been processed: prune hypotheses that lag. */
    private void enforceCommandDeadline(long cycle) {
        int due = 0;
        while (due < commands.size() && readyCycles - commands.get(due).readyStamp() > r9Bound) due++;
        boolean lagging = false;
        for (Hypothesis h : hypotheses) {
            if (h.nextCmd() < due) {
                lagging = true;
                break;
            }
        }
        if (!lagging) return;
        List<Hypothesis> kept = new ArrayList<>();
        Set<Hypothesis> seen = new LinkedHashSet<>();
        for (Hypothesis h : hypotheses) {
            AlpuModel state = h.state().copy();
            int k = h.nextCmd();
            boolean ok = true;
            while (k < due) {
                if (!silent(state, commands.get(k).item())) {
                    ok = false;
                    break;
                }
                state.command(commands.get(k).item());
                k++;
            }
            if (ok && seen.add(new Hypothesis(state, k))) kept.add(new Hypothesis(state, k));
        }
        if (kept.isEmpty()) {
            int k = hypotheses.get(0).nextCmd();
            Accepted<Command> c = commands.get(k);
            fail("R9", cycle, "command #" + k + " " + c.item() + " accepted at cycle " + c.cycle()
                    + " was not answered within " + r9Bound + " cycles with rsp_ready high (no START_ACK)");
        }
        hypotheses = kept;
        headHoldKnown = false;
    }

    private void checkRequestLiveness(PortSample s) {
        if (answered >= requests.size()) {
            headWait = 0;
            return;
        }
        if (!headHoldKnown) {
            headMayHold = headMayBeHeld();
            headHoldKnown = true;
        }
        if (headMayHold) {
            headWasHeld = true;
            return;
        }
        headWait++;
        if (headWait > r9Bound) {
            Accepted<Request> r = requests.get(answered);
            fail("R9", s.cycle(), "request #" + answered + " " + r.item() + " accepted at cycle " + r.cycle()
                    + " cannot be held by R4 but was not answered within " + r9Bound + " cycles with rsp_ready high");
        }
    }

    /** Whether some interleaving of the accepted commands leaves the head request held by R4. */
    private boolean headMayBeHeld() {
        Request head = requests.get(answered).item();
        for (Hypothesis h : hypotheses) {
            AlpuModel state = h.state().copy();
            for (int k = h.nextCmd(); ; k++) {
                if (state.wouldHold(head)) return true;
                if (k >= commands.size()) break;
                state.command(commands.get(k).item());
            }
        }
        return false;
    }

    private void checkIdle(PortSample s) {
        boolean idle = answered == requests.size() && !s.rspValid() && !s.reqFire() && !s.cmdFire();
        if (!idle) {
            idleReady = 0;
            return;
        }
        if (s.rspReady()) idleReady++;
        if (idleReady <= r9Bound) return;
        // Everything accepted is processed by now (R9): hypotheses that still owe a START_ACK are dead.
        List<Hypothesis> done = new ArrayList<>();
        for (Hypothesis h : hypotheses) {
            if (h.nextCmd() == commands.size()) done.add(h);
        }
        if (done.isEmpty()) {
            fail("R9", s.cycle(), "idle for " + r9Bound + " ready cycles but a START_INSERT was never acknowledged");
        }
        List<Hypothesis> agree = new ArrayList<>();
        for (Hypothesis h : done) {
            AlpuModel m = h.state();
            if (m.error() == s.error() && m.insertMode() == s.insertMode() && m.occupancy() == s.occupancy()) agree.add(h);
        }
        if (agree.isEmpty()) {
            AlpuModel m = done.get(0).state();
            String rule = m.error() != s.error() ? "R7" : "STATUS";
            fail(rule, s.cycle(), "idle unit shows error=" + bit(s.error()) + " insert_mode=" + bit(s.insertMode())
                    + " occupancy=" + s.occupancy() + ", the datasheet requires error=" + bit(m.error())
                    + " insert_mode=" + bit(m.insertMode()) + " occupancy=" + m.occupancy()
                    + (done.size() > 1 ? " (or one of " + done.size() + " equally legal states)" : ""));
        }
        hypotheses = agree;
        idleChecks++;
    }

    // ---- reporting ------------------------------------------------------------------------

    private void note(long cycle, String what) {
        if (history.size() == HISTORY) history.removeFirst();
        history.addLast("  cycle " + cycle + ": " + what);
    }

    private void fail(String rule, long cycle, String what) {
        throw new AlpuViolation(rule, cycle, what, String.join("\n", history));
    }

    private static String describe(PortSample s) {
        Kind k = Kind.ofCode(s.rspKind());
        return (k == null ? "kind " + s.rspKind() : k.name()) + "(tag=" + s.rspTag() + ", free=" + s.rspFree() + ")";
    }

    private static int bit(boolean b) {
        return b ? 1 : 0;
    }
}

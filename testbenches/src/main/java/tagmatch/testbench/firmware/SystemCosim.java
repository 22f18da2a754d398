package tagmatch.testbench.firmware;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import tagmatch.model.Capacities;
import tagmatch.model.Event;
import tagmatch.model.Hints;
import tagmatch.process.ToolException;

/**
 * The DPA handler and host software's half of the fallback judged as one system, as the user
 * sees it at the end: every call's final answer (the DPA's, or host software's for a call the
 * DPA handed over) must be the MPI reference's with no capacity limit, every receive buffer
 * must hold its message's bytes, and every message handed over must have reached host software
 * whole. The DPA's capacities only decide who answers, never what.
 */
public final class SystemCosim {
    private SystemCosim() {}

    /**
     * One run of the handler program on one stream.
     *
     * @param problem the first difference from the reference; null when there is none
     * @param byHost calls host software answered (the DPA handed them over)
     * @param receivesByHost of them, receives (the rest are messages)
     * @param partialBlocks blocks of fewer than N messages (closed early by a command's ticket or by the poll budget)
     * @param waits times the handler waited for a command still on its way
     * @param rendezvous receives completed by a rendezvous read
     */
    public record Verdict(String problem, int byHost, int receivesByHost, int partialBlocks, long waits, int rendezvous) {
        public boolean passed() {
            return problem == null;
        }
    }

    /** Calls host software answers on every run, whatever the timing ({@link #certainlyByHost}). */
    public record ByHost(int receives, int messages) {
        public int total() {
            return receives + messages;
        }
    }

    /**
     * The calls host software answers on every run that passes, however the threads interleave
     * (how many more it answers depends on when host software reports that it holds nothing,
     * which is timing): a receive that the reference leaves posted while more than the DPA's
     * {@code dpa.posted()} receives are posted, a message it leaves unexpected while more than
     * {@code dpa.unexpected()} messages are, and a call that the reference pairs with an older
     * call counted here. Why: the DPA stores only while host software holds nothing and has
     * taken every call handed to it, and then every call the reference still has outstanding
     * is on the DPA (host software answers in ticket order, so none of them is settled there
     * yet); the call would be one too many for its table, and the DPA refuses it. A message of
     * a block behind an older one that the full storage refused finds it still full (only a
     * post frees storage, and posts run between blocks). And a call whose partner host software
     * holds can only meet it there.
     */
    public static ByHost certainlyByHost(List<Event> events, Hints hints, Capacities dpa) {
        List<OpResult> want = expected(events, hints);
        Set<Long> hostReceives = new HashSet<>(), hostMessages = new HashSet<>();
        long posted = 0, unexpected = 0;
        int i = 0;
        for (Event e : events) {
            if (e instanceof Event.BlockEnd) continue;
            OpResult r = want.get(i++);
            if (e instanceof Event.Post p) {
                if (r.status() == OpResult.POSTED && ++posted > dpa.posted()) hostReceives.add(p.id());
                if (r.status() == OpResult.MATCHED) {
                    unexpected--;
                    if (hostMessages.contains(r.partner())) hostReceives.add(p.id());
                }
            } else if (e instanceof Event.Arrive a) {
                if (r.status() == OpResult.UNEXPECTED && ++unexpected > dpa.unexpected()) hostMessages.add(a.id());
                if (r.status() == OpResult.MATCHED) {
                    posted--;
                    if (hostReceives.contains(r.partner())) hostMessages.add(a.id());
                }
            }
        }
        return new ByHost(hostReceives.size(), hostMessages.size());
    }

    /** What the system must answer: the reference with no capacity limit. */
    public static List<OpResult> expected(List<Event> events, Hints hints) {
        return Expected.of(events, Capacities.UNBOUNDED, hints);
    }

    /**
     * Runs {@code handler} (through {@code launcher}, e.g. qemu-riscv64) on {@code events} and
     * judges what it produced; a run that fails or reports a sanitizer warning is a problem too.
     */
    public static Verdict run(List<String> launcher, Path handler, List<Event> events, Hints hints, Path work, List<String> args) {
        ProgramCosim.Output out;
        try {
            out = ProgramCosim.run(launcher, handler, events, work, args);
        } catch (IllegalStateException e) {
            return new Verdict(e.getMessage(), 0, 0, 0, 0, 0);
        } catch (ToolException e) {
            // a program that never ends is the system's answer too (a lost wakeup, a deadlock): the caller names the stream
            if (e.kind() != ToolException.Kind.TIMED_OUT) throw e;
            return new Verdict(handler.getFileName() + " did not end: " + e.getMessage().lines().findFirst().orElse(""), 0, 0, 0, 0, 0);
        }
        String log = out.log();
        if (log.contains("WARNING: ThreadSanitizer") || log.contains("runtime error") || log.contains("ERROR: AddressSanitizer")) {
            return new Verdict(handler.getFileName() + " reported: " + log, 0, 0, 0, 0, 0);
        }
        List<OpResult> want = expected(events, hints);
        String problem = Expected.firstDifference(events, want, ProgramCosim.handlerResults(events, out.results()));
        if (problem == null) problem = ProgramCosim.checkDeliveries(events, want, out.file());
        List<Character> by = answeredBy(out.file());
        if (problem == null) problem = checkHandOffs(events, by, out.file());
        String[] b = WorkloadFile.records(out.file(), "B").get(0);
        int host = (int) by.stream().filter(c -> c == 'H').count();
        int hostReceives = receivesByHost(events, by);
        int rndv = (int) WorkloadFile.records(out.file(), "D").stream().filter(d -> d[2].equals("R")).count();
        return new Verdict(problem, host, hostReceives, Integer.parseInt(b[2]), Long.parseLong(b[3]), rndv);
    }

    /** Receives among the calls host software answered ({@code by} as {@link #answeredBy}; short when the run stopped early). */
    static int receivesByHost(List<Event> events, List<Character> by) {
        int i = 0, n = 0;
        for (Event e : events) {
            if (e instanceof Event.BlockEnd) continue;
            if (i >= by.size()) break;
            if (by.get(i++) == 'H' && e instanceof Event.Post) n++;
        }
        return n;
    }

    /** Per post or arrival, in order: 'D' when the DPA answered it, 'H' when host software did. */
    static List<Character> answeredBy(Path resultsFile) {
        List<Character> out = new ArrayList<>();
        try {
            for (String line : Files.readAllLines(resultsFile)) {
                if (line.isEmpty() || Character.isLetter(line.charAt(0))) continue;
                String[] f = line.trim().split(" ");
                out.add(f.length > 2 ? f[2].charAt(0) : '?');
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out;
    }

    /**
     * Every message host software answered reached it whole ("O" lines: ordinal, protocol,
     * length, fnv of the eager payload), no other message did, and the handler counted as many
     * calls handed over as host software answered. Null when so, else the first problem.
     */
    static String checkHandOffs(List<Event> events, List<Character> by, Path resultsFile) {
        Map<Integer, String[]> handed = new HashMap<>();
        for (String[] f : WorkloadFile.records(resultsFile, "O")) {
            if (handed.put(Integer.parseInt(f[1]), f) != null) return "message ordinal " + f[1] + " handed to host software twice";
        }
        int i = 0, ord = 0, hostMsgs = 0, host = 0;
        for (Event e : events) {
            if (e instanceof Event.BlockEnd) continue;
            char who = by.get(i++);
            if (who != 'D' && who != 'H') return "operation " + (i - 1) + " " + e + " has no answer from the DPA or host software";
            if (who == 'H') host++;
            if (!(e instanceof Event.Arrive a)) continue;
            int m = ord++;
            if (who != 'H') continue;
            hostMsgs++;
            String[] f = handed.get(m);
            if (f == null) return "message " + a.id() + " was answered by host software but never reached it";
            boolean rndv = WorkloadFile.proto(a.id()) == 1;
            int len = WorkloadFile.length(a.id());
            String fnv = ProgramCosim.fnvOf(m, rndv ? 0 : len, false);
            if (Integer.parseInt(f[2]) != (rndv ? 1 : 0) || Integer.parseInt(f[3]) != len || !f[4].equals(fnv)) {
                return "message " + a.id() + " reached host software damaged: " + String.join(" ", f) + ", want length " + len + " fnv " + fnv;
            }
        }
        if (handed.size() != hostMsgs) return handed.size() + " messages handed to host software, " + hostMsgs + " answered by it";
        long counted = Long.parseLong(WorkloadFile.records(resultsFile, "F").get(0)[1]);
        if (counted != host) return "the handler handed " + counted + " calls to host software, which answered " + host;
        return null;
    }
}

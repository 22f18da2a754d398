package tagmatch.testbench.firmware;

import tagmatch.process.Exec;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import tagmatch.model.Event;

/**
 * Runs a generated program (otm_driver or otm_handler; natively, sanitized, or under
 * qemu-riscv64 via {@code launcher}) on a workload file and reads its results back.
 */
public final class ProgramCosim {
    private ProgramCosim() {}

    /** What a program run produced: the results and the raw results file. */
    public record Output(List<OpResult> results, Path file, String log) {}

    public static Output run(List<String> launcher, Path exe, List<Event> events, Path work) {
        return run(launcher, exe, events, work, List.of());
    }

    /** As {@link #run(List, Path, List, Path)}, with arguments after the workload and results files. */
    public static Output run(List<String> launcher, Path exe, List<Event> events, Path work, List<String> args) {
        try {
            Files.createDirectories(work);
            Path wl = Files.createTempFile(work, "wl-", ".txt");
            Path res = Files.createTempFile(work, "res-", ".txt");
            WorkloadFile.write(events, wl);
            List<String> cmd = new ArrayList<>(launcher);
            cmd.add(exe.toString());
            cmd.add(wl.toString());
            cmd.add(res.toString());
            cmd.addAll(args);
            Exec.Result r = Exec.of(cmd).in(work).run();
            if (r.exit() != 0) {
                throw new IllegalStateException(String.join(" ", cmd) + " exited " + r.exit() + ":\n" + tail(r.output()));
            }
            return new Output(WorkloadFile.readResults(res), res, r.output());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * The handler reports ordinals (recv id = post ordinal, msg id = arrival ordinal); maps
     * its results back to the workload's ids.
     */
    public static List<OpResult> handlerResults(List<Event> events, List<OpResult> raw) {
        List<Long> postIds = new ArrayList<>();
        List<Long> msgIds = new ArrayList<>();
        for (Event e : events) {
            if (e instanceof Event.Post p) postIds.add(p.id());
            if (e instanceof Event.Arrive a) msgIds.add(a.id());
        }
        List<OpResult> out = new ArrayList<>();
        int i = 0;
        for (Event e : events) {
            if (e instanceof Event.BlockEnd) continue;
            OpResult r = raw.get(i++);
            if (r.status() != OpResult.MATCHED) {
                out.add(r);
            } else {
                List<Long> ids = e instanceof Event.Post ? msgIds : postIds;
                out.add(new OpResult(r.status(), ids.get((int) r.partner())));
            }
        }
        return out;
    }

    /** Byte k of eager message m's payload, as the handler's NIC stand-in sends it. */
    public static byte eagerByte(long m, int k) {
        return (byte) ((m * 31L + k) & 255);
    }

    /** Byte k of rendezvous message m's sender buffer, as the handler's host stand-in fills it. */
    public static byte senderByte(long m, int k) {
        return (byte) ((m * 17L + k * 3L + 5) & 255);
    }

    static String fnvOf(int ord, int len, boolean rndv) {
        byte[] bytes = new byte[len];
        for (int k = 0; k < len; k++) bytes[k] = rndv ? senderByte(ord, k) : eagerByte(ord, k);
        return HexFormat.of().toHexDigits(fnv1a(bytes));
    }

    /**
     * Checks every receive's buffer against the reference pairing: an eager message's bytes
     * ((m * 31 + k) & 255 for arrival ordinal m) with its length, or the bytes a completed
     * rendezvous read brought from that message's sender buffer ((m * 17 + 3k + 5) & 255).
     * Returns null when all are right, else the first problem.
     */
    public static String checkDeliveries(List<Event> events, List<OpResult> expected, Path resultsFile) {
        List<Long> postIds = new ArrayList<>();
        List<Long> msgIds = new ArrayList<>();
        for (Event e : events) {
            if (e instanceof Event.Post p) postIds.add(p.id());
            if (e instanceof Event.Arrive a) msgIds.add(a.id());
        }
        /* partner of each post ordinal per the reference */
        long[] msgOfPost = new long[postIds.size()];
        java.util.Arrays.fill(msgOfPost, -1);
        int i = 0;
        for (Event e : events) {
            if (e instanceof Event.BlockEnd) continue;
            OpResult r = expected.get(i++);
            if (r.status() != OpResult.MATCHED) continue;
            if (e instanceof Event.Post p) msgOfPost[postIds.indexOf(p.id())] = r.partner();
            else msgOfPost[postIds.indexOf(r.partner())] = ((Event.Arrive) e).id();
        }
        List<String[]> d = WorkloadFile.records(resultsFile, "D");
        if (d.size() != postIds.size()) return "expected " + postIds.size() + " delivery lines, got " + d.size();
        for (String[] f : d) {
            int post = Integer.parseInt(f[1]);
            char kind = f[2].charAt(0);
            long msg = msgOfPost[post];
            if (msg < 0) {
                if (kind != '-') return "receive " + postIds.get(post) + " matched nothing but got data " + String.join(" ", f);
                continue;
            }
            int ord = msgIds.indexOf(msg);
            boolean rndv = WorkloadFile.proto(msg) == 1;
            int len = WorkloadFile.length(msg);
            String fnv = fnvOf(ord, len, rndv);
            if (kind != (rndv ? 'R' : 'E') || Long.parseLong(f[3]) != ord || Integer.parseInt(f[4]) != len || !f[5].equals(fnv)) {
                return "receive " + postIds.get(post) + " should hold " + (rndv ? "the completed rendezvous read of" : "eager")
                        + " message " + msg + " (" + len + " bytes, fnv " + fnv + "), got " + String.join(" ", f);
            }
        }
        return null;
    }

    /**
     * Checks that every message the reference refuses for lack of room (OTM_ERR_FULL) reached
     * host software whole through the to-host queue ("O" lines: ordinal, protocol, length, fnv of
     * the eager payload), and nothing else did. Returns null when so, else the first problem.
     */
    public static String checkHandOffs(List<Event> events, List<OpResult> expected, Path resultsFile) {
        java.util.Map<Integer, String[]> handed = new java.util.HashMap<>();
        for (String[] f : WorkloadFile.records(resultsFile, "O")) {
            if (handed.put(Integer.parseInt(f[1]), f) != null) return "message ordinal " + f[1] + " handed to host twice";
        }
        int i = 0, ord = 0, refused = 0;
        for (Event e : events) {
            if (e instanceof Event.BlockEnd) continue;
            OpResult r = expected.get(i++);
            if (!(e instanceof Event.Arrive a)) continue;
            int m = ord++;
            if (r.status() != OpResult.ERR_FULL) continue;
            refused++;
            String[] f = handed.get(m);
            if (f == null) return "message " + a.id() + " was refused (table full) but never reached host software";
            boolean rndv = WorkloadFile.proto(a.id()) == 1;
            int len = WorkloadFile.length(a.id());
            String fnv = rndv ? fnvOf(m, 0, false) : fnvOf(m, len, false);
            if (Integer.parseInt(f[2]) != (rndv ? 1 : 0) || Integer.parseInt(f[3]) != len || !f[4].equals(fnv)) {
                return "message " + a.id() + " reached host software damaged: " + String.join(" ", f) + ", want length " + len + " fnv " + fnv;
            }
        }
        if (handed.size() != refused) return handed.size() + " messages handed to host software, " + refused + " refused by the reference";
        return null;
    }

    public static long fnv1a(byte[] b) {
        long h = 0xcbf29ce484222325L;
        for (byte x : b) {
            h ^= (x & 0xff);
            h *= 0x100000001b3L;
        }
        return h;
    }

    private static String tail(String s) {
        return s.length() > 4000 ? s.substring(s.length() - 4000) : s;
    }
}

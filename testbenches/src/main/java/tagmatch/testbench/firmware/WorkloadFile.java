package tagmatch.testbench.firmware;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import tagmatch.model.Event;

/** The workload file of the generated programs (format in otm_workload.h) and their results. */
public final class WorkloadFile {
    private WorkloadFile() {}

    /** Rendezvous for every fifth message, else eager. */
    public static int proto(long msgId) {
        return msgId % 5 == 3 ? 1 : 0;
    }

    /**
     * Eager payloads are 0..64 bytes (the largest eager message); rendezvous messages 64..192
     * bytes, several words for whoever moves them.
     */
    public static int length(long msgId) {
        int base = (int) ((msgId * 7) % 65);
        return proto(msgId) == 1 ? 64 + 2 * base : base;
    }

    /**
     * The {@code n}-th message id (from 0) whose payload is eager and {@code bytes} long, by the
     * rule of {@link #proto} and {@link #length}: the ids of one length are one residue mod 65
     * apart, and all of them share their residue mod 5, so a length is eager in every such id
     * or in none.
     */
    public static long eagerId(int bytes, long n) {
        if (bytes < 0 || bytes > 64) throw new IllegalArgumentException("an eager payload is 0..64 bytes, got " + bytes);
        long id = (bytes * 28L) % 65 + 65 * n;  // 28 is 7's inverse mod 65
        if (proto(id) != 0) throw new IllegalArgumentException("no message id carries an eager payload of " + bytes + " bytes");
        return id;
    }

    public static void write(List<Event> events, Path file) {
        StringBuilder sb = new StringBuilder();
        for (Event e : events) {
            if (e instanceof Event.Post p) {
                sb.append("P ").append(p.id()).append(' ').append(p.source()).append(' ').append(p.tag()).append('\n');
            } else if (e instanceof Event.Arrive a) {
                sb.append("A ").append(a.id()).append(' ').append(a.source()).append(' ').append(a.tag())
                        .append(' ').append(proto(a.id())).append(' ').append(length(a.id())).append('\n');
            } else {
                sb.append("E\n");
            }
        }
        try {
            Files.writeString(file, sb.toString());
        } catch (IOException ex) {
            throw new UncheckedIOException(ex);
        }
    }

    /** The "<status> <partner>" lines of a results file, in order (other lines skipped). */
    public static List<OpResult> readResults(Path file) {
        List<OpResult> out = new ArrayList<>();
        try {
            for (String line : Files.readAllLines(file)) {
                if (line.isEmpty() || Character.isLetter(line.charAt(0))) continue;
                String[] f = line.trim().split(" ");
                out.add(new OpResult(Integer.parseInt(f[0]), Long.parseLong(f[1])));
            }
        } catch (IOException ex) {
            throw new UncheckedIOException(ex);
        }
        return out;
    }

    /** Lines of the results file starting with {@code prefix + " "}, split into fields. */
    public static List<String[]> records(Path file, String prefix) {
        List<String[]> out = new ArrayList<>();
        try {
            for (String line : Files.readAllLines(file)) {
                if (line.startsWith(prefix + " ")) out.add(line.split(" "));
            }
        } catch (IOException ex) {
            throw new UncheckedIOException(ex);
        }
        return out;
    }
}

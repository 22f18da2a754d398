package tagmatch.sim;

import java.io.IOException;
import java.math.BigInteger;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A parsed VCD waveform (IEEE 1364 value change dump): the signals by hierarchical name
 * ({@code TOP.counter.count}) and each one's value changes. Enough to check in a test what a
 * simulation wrote; x and z bits read as 0.
 */
public final class Vcd {
    /** One declared signal with its value changes in time order. */
    public record Signal(String name, String id, int width, List<Change> changes) {
        /** The value at {@code time}: the last change at or before it (0 before the first). */
        public BigInteger valueAt(long time) {
            BigInteger v = BigInteger.ZERO;
            for (Change c : changes) {
                if (c.time() > time) {
                    break;
                }
                v = c.value();
            }
            return v;
        }
    }

    /** A value change. */
    public record Change(long time, BigInteger value) {}

    private final Map<String, Signal> signals;
    private final long endTime;

    private Vcd(Map<String, Signal> signals, long endTime) {
        this.signals = Collections.unmodifiableMap(signals);
        this.endTime = endTime;
    }

    public Map<String, Signal> signals() { return signals; }

    /** The last timestamp in the file. */
    public long endTime() { return endTime; }

    /** The signal whose hierarchical name is {@code name} or ends with {@code "." + name}, preferring the shortest. */
    public Signal signal(String name) {
        Signal best = null;
        for (Signal s : signals.values()) {
            if (s.name().equals(name) || s.name().endsWith("." + name)) {
                if (best == null || s.name().length() < best.name().length()) {
                    best = s;
                }
            }
        }
        if (best == null) {
            throw new IllegalArgumentException("no signal '" + name + "' in the VCD; signals are " + signals.keySet());
        }
        return best;
    }

    public static Vcd read(Path file) throws IOException {
        return parse(Files.readString(file));
    }

    public static Vcd parse(String text) {
        String[] tok = text.trim().split("\\s+");
        List<String> scope = new ArrayList<>();
        Map<String, List<Signal>> byId = new LinkedHashMap<>();
        Map<String, Signal> byName = new LinkedHashMap<>();
        long time = 0;
        int i = 0;
        boolean definitions = true;
        while (i < tok.length) {
            String t = tok[i];
            if (definitions) {
                switch (t) {
                    case "$scope":
                        scope.add(tok[i + 2]);
                        i = skipEnd(tok, i);
                        break;
                    case "$upscope":
                        if (!scope.isEmpty()) {
                            scope.remove(scope.size() - 1);
                        }
                        i = skipEnd(tok, i);
                        break;
                    case "$var": {
                        int width = Integer.parseInt(tok[i + 2]);
                        String id = tok[i + 3];
                        String name = String.join(".", scope) + (scope.isEmpty() ? "" : ".") + tok[i + 4];
                        Signal s = new Signal(name, id, width, new ArrayList<>());
                        byName.put(name, s);
                        byId.computeIfAbsent(id, k -> new ArrayList<>()).add(s);
                        i = skipEnd(tok, i);
                        break;
                    }
                    case "$enddefinitions":
                        definitions = false;
                        i = skipEnd(tok, i);
                        break;
                    default:
                        if (t.startsWith("$")) {
                            i = skipEnd(tok, i);
                        } else {
                            throw new IllegalArgumentException("VCD: unexpected '" + t + "' in the header");
                        }
                }
                continue;
            }
            char c = t.charAt(0);
            if (c == '#') {
                time = Long.parseLong(t.substring(1));
                i++;
            } else if (c == '$') {
                i++; // $dumpvars, $end and friends around value changes carry no information here
            } else if (c == 'b' || c == 'B') {
                record(byId, tok[i + 1], time, new BigInteger(t.substring(1).replaceAll("[xXzZ]", "0"), 2));
                i += 2;
            } else if (c == 'r' || c == 'R') {
                i += 2;
            } else if (c == '0' || c == '1' || c == 'x' || c == 'X' || c == 'z' || c == 'Z') {
                record(byId, t.substring(1), time, c == '1' ? BigInteger.ONE : BigInteger.ZERO);
                i++;
            } else {
                throw new IllegalArgumentException("VCD: unexpected '" + t + "' at time " + time);
            }
        }
        return new Vcd(byName, time);
    }

    private static void record(Map<String, List<Signal>> byId, String id, long time, BigInteger v) {
        List<Signal> ss = byId.get(id);
        if (ss == null) {
            throw new IllegalArgumentException("VCD: value change for undeclared id '" + id + "' at time " + time);
        }
        for (Signal s : ss) {
            s.changes().add(new Change(time, v));
        }
    }

    private static int skipEnd(String[] tok, int i) {
        while (i < tok.length && !tok[i].equals("$end")) {
            i++;
        }
        return i + 1;
    }
}

package tagmatch.sim.flat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * Writes an IEEE 1364 value change dump of a Java backend's {@link WaveSignal}s, laid out as
 * Verilator lays out its traces: a scope named after the top module holding the top ports, inside
 * it the top module's own scope with all its values, then one scope per instance; names sorted
 * within a scope, vectors written in full width, timescale 1 ps. Values that the backend keeps in
 * one place share an identifier code. Deterministic: the same run writes the same bytes.
 */
public final class VcdWriter implements AutoCloseable {
    /** Reads a value's current words (least significant first) into {@code words} from {@code offset}. */
    public interface Probe {
        void read(WaveSignal s, long[] words, int offset);
    }

    private final Writer out;
    private final Probe probe;
    /** One representative per identifier code, in code order. */
    private final WaveSignal[] values;
    private final String[] codes;
    private final int[] offset;
    private final long[] last;
    private final long[] now;
    private final StringBuilder line = new StringBuilder();
    private boolean first = true;
    private long time = -1;

    private VcdWriter(Writer out, Probe probe, List<WaveSignal> values) {
        this.out = out;
        this.probe = probe;
        this.values = values.toArray(new WaveSignal[0]);
        codes = new String[this.values.length];
        offset = new int[this.values.length];
        int words = 0;
        for (int i = 0; i < codes.length; i++) {
            codes[i] = code(i);
            offset[i] = words;
            words += this.values[i].words();
        }
        last = new long[words];
        now = new long[words];
    }

    /**
     * Opens {@code file} and writes the header: {@code ports} names the top ports among the
     * signals of instance {@code ""}, which also appear in the outer scope named {@code top}.
     */
    public static VcdWriter open(Path file, String top, Set<String> ports, List<WaveSignal> signals, Probe probe) {
        Writer w;
        try {
            w = Files.newBufferedWriter(file);
        } catch (IOException e) {
            throw new IllegalArgumentException("openVcd: could not open " + file + " for writing (" + e.getMessage() + ")", e);
        }
        Map<Location, Integer> ids = new HashMap<>();
        List<WaveSignal> values = new ArrayList<>();
        Map<WaveSignal, Integer> idOf = new HashMap<>();
        for (WaveSignal s : signals) {
            int id = ids.computeIfAbsent(new Location(s), k -> {
                values.add(s);
                return values.size() - 1;
            });
            idOf.put(s, id);
        }
        VcdWriter v = new VcdWriter(w, probe, values);
        Scope outer = new Scope();
        Scope module = outer.child(top);
        for (WaveSignal s : signals) {
            Scope at = module;
            if (!s.instance().isEmpty()) {
                for (String part : s.instance().split("\\.")) {
                    at = at.child(part);
                }
            } else if (ports.contains(s.name())) {
                outer.vars.add(s);
            }
            at.vars.add(s);
        }
        try {
            w.write("$version tagmatch hdl-sim $end\n$timescale 1ps $end\n");
            v.header(top, outer, idOf, 0);
            w.write("$enddefinitions $end\n");
        } catch (IOException e) {
            v.closeQuietly();
            throw new UncheckedIOException("writing the VCD header to " + file, e);
        }
        return v;
    }

    /** Where a value lives: two signals at one location are one value. */
    private record Location(int slot, int memory, int address, boolean wide) {
        Location(WaveSignal s) {
            this(s.slot(), s.memory(), s.address(), s.width() > 64);
        }
    }

    /** A scope of the header: its values and its child scopes by name. */
    private static final class Scope {
        final List<WaveSignal> vars = new ArrayList<>();
        final Map<String, Scope> children = new TreeMap<>();

        Scope child(String name) { return children.computeIfAbsent(name, k -> new Scope()); }
    }

    private void header(String name, Scope s, Map<WaveSignal, Integer> idOf, int depth) throws IOException {
        String indent = " ".repeat(depth);
        out.write(indent + "$scope module " + name + " $end\n");
        List<WaveSignal> vars = new ArrayList<>(s.vars);
        vars.sort(Comparator.comparing(WaveSignal::name));
        for (WaveSignal v : vars) {
            out.write(indent + " $var wire " + v.width() + " " + codes[idOf.get(v)] + " " + v.name()
                    + (v.width() > 1 ? " [" + (v.width() - 1) + ":0]" : "") + " $end\n");
        }
        for (Map.Entry<String, Scope> c : s.children.entrySet()) {
            header(c.getKey(), c.getValue(), idOf, depth + 1);
        }
        out.write(indent + "$upscope $end\n");
    }

    /** Identifier codes from the printable characters {@code !} to {@code ~}, shortest first. */
    private static String code(int i) {
        StringBuilder b = new StringBuilder();
        int n = i;
        do {
            b.append((char) ('!' + n % 94));
            n = n / 94 - 1;
        } while (n >= 0);
        return b.toString();
    }

    /**
     * Writes the values that changed since the last dump (all of them at the first) at {@code t}
     * picoseconds. As in Verilator, a dump at or before the last one's time is ignored, so the
     * first evaluation of an instant is the one shown, except while the last dump was at 0.
     */
    public void dump(long t) {
        if (time > 0 && t <= time) {
            return;
        }
        try {
            if (t != time) {
                out.write("#" + t + "\n");
                time = t;
            }
            for (int i = 0; i < values.length; i++) {
                WaveSignal s = values[i];
                int o = offset[i];
                int n = s.words();
                probe.read(s, now, o);
                boolean changed = first;
                for (int j = 0; j < n && !changed; j++) {
                    changed = now[o + j] != last[o + j];
                }
                if (changed) {
                    System.arraycopy(now, o, last, o, n);
                    write(s.width(), o, codes[i]);
                }
            }
            first = false;
        } catch (IOException e) {
            throw new UncheckedIOException("writing the VCD", e);
        }
    }

    private void write(int width, int o, String code) throws IOException {
        line.setLength(0);
        if (width == 1) {
            line.append((now[o] & 1) == 0 ? '0' : '1');
        } else {
            line.append('b');
            for (int b = width - 1; b >= 0; b--) {
                line.append((now[o + (b >>> 6)] >>> (b & 63) & 1) == 0 ? '0' : '1');
            }
            line.append(' ');
        }
        line.append(code).append('\n');
        out.append(line);
    }

    /** Flushes and closes the file. */
    @Override
    public void close() {
        try {
            out.close();
        } catch (IOException e) {
            throw new UncheckedIOException("closing the VCD", e);
        }
    }

    private void closeQuietly() {
        try {
            out.close();
        } catch (IOException ignored) {
            // the header failed already; that error is the one to report
        }
    }
}

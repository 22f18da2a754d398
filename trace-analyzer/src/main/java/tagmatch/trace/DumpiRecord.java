package tagmatch.trace;

import java.util.ArrayList;
import java.util.List;

/**
 * One MPI call of a trace: its name, where it starts in the file, its wall and CPU times on
 * entry and return (nanoseconds, exact: DUMPI prints nine decimals) and its parameter lines.
 */
public record DumpiRecord(String call, int line, long enterWallNanos, long leaveWallNanos,
                          long enterCpuNanos, int thread, List<DumpiParam> params) {

    /** The parameter called {@code name}, or {@code null}. */
    public DumpiParam param(String name) {
        for (DumpiParam p : params) if (p.name().equals(name)) return p;
        return null;
    }

    /** An integer parameter such as {@code int tag=5}, {@code MPI_Comm comm=2 (...)} or {@code MPI_Request request=[7]}. */
    public long integer(String name) {
        DumpiParam p = required(name);
        DumpiValue v = p.value();
        if (v instanceof DumpiValue.Items items && items.items().size() == 1) v = items.items().get(0);
        if (v instanceof DumpiValue.Scalar s) {
            try {
                return s.asLong();
            } catch (IllegalArgumentException e) {
                throw fail(name, e.getMessage());
            }
        }
        throw fail(name, "expected an integer, found " + describe(v));
    }

    /** DUMPI's name printed after an integer parameter ({@code MPI_ANY_TAG}), or {@code null}. */
    public String annotation(String name) {
        DumpiValue v = required(name).value();
        return v instanceof DumpiValue.Scalar s ? s.annotation() : null;
    }

    /** An integer list such as {@code MPI_Request requests[2]=[3, 4]}; {@code <IGNORED>} is empty. */
    public List<Long> integers(String name) {
        DumpiValue v = required(name).value();
        List<Long> out = new ArrayList<>();
        if (v instanceof DumpiValue.Ignored) return out;
        if (v instanceof DumpiValue.Scalar s) {
            out.add(s.asLong());
            return out;
        }
        for (DumpiValue item : ((DumpiValue.Items) v).items()) {
            if (!(item instanceof DumpiValue.Scalar s)) throw fail(name, "expected integers, found " + describe(item));
            out.add(s.asLong());
        }
        return out;
    }

    private DumpiParam required(String name) {
        DumpiParam p = param(name);
        if (p == null) throw fail(name, "parameter missing");
        return p;
    }

    /** The check of a parameter; the file and line are the reader's to add ({@link TraceFormatException}). */
    private IllegalArgumentException fail(String name, String what) {
        return new IllegalArgumentException(call + " parameter '" + name + "': " + what);
    }

    private static String describe(DumpiValue v) {
        if (v instanceof DumpiValue.Ignored) return "<IGNORED>";
        if (v instanceof DumpiValue.Items) return "a list";
        if (v instanceof DumpiValue.Status) return "a status";
        return "'" + ((DumpiValue.Scalar) v).text() + "'";
    }
}

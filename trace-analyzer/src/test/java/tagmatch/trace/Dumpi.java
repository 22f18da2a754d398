package tagmatch.trace;

import java.nio.file.Path;

/** Builds small DUMPI text traces for tests, in the exact layout dumpi2ascii and tracer/ write. */
public final class Dumpi {
    private final StringBuilder text = new StringBuilder("version=1.0.0\nhostname=test\n");
    private final StringBuilder footerCalls = new StringBuilder();
    private final StringBuilder footerSizes = new StringBuilder();

    /** The repository root (set by surefire), for the shared test data and the committed traces. */
    public static Path root() {
        return Path.of(System.getProperty("tagmatch.root", "..")).toAbsolutePath().normalize();
    }

    /** A record entering at {@code micros} microseconds and returning one microsecond later. */
    public Dumpi call(String name, long micros, String... params) {
        text.append(name).append(" entering at walltime ").append(time(micros)).append(", cputime 0.000100000 seconds in thread 0.\n");
        for (String p : params) text.append(p).append('\n');
        text.append(name).append(" returning at walltime ").append(time(micros + 1)).append(", cputime 0.000200000 seconds in thread 0.\n");
        return this;
    }

    public Dumpi isend(long micros, int dest, int tag, int comm) {
        return call("MPI_Isend", micros, "int count=1", "MPI_Datatype datatype=9 (MPI_INT)", "int dest=" + dest, "int tag=" + tag, comm(comm),
                "MPI_Request request=[" + micros + "]");
    }

    public Dumpi irecv(long micros, int source, int tag, int comm) {
        String s = source == -1 ? "int source=-1 (MPI_ANY_SOURCE)" : "int source=" + source;
        String t = tag == -1 ? "int tag=-1 (MPI_ANY_TAG)" : "int tag=" + tag;
        return call("MPI_Irecv", micros, "int count=1", "MPI_Datatype datatype=9 (MPI_INT)", s, t, comm(comm), "MPI_Request request=[" + micros + "]");
    }

    public static String comm(int handle) {
        return "MPI_Comm comm=" + handle + (handle == 2 ? " (MPI_COMM_WORLD)" : " (user-defined-comm)");
    }

    public Dumpi line(String s) {
        text.append(s).append('\n');
        return this;
    }

    /** Footer call counts, each "MPI_X N" (written as "MPI_X called N times and ignored 0 times"). */
    public Dumpi counts(String... callCounts) {
        for (String c : callCounts) {
            String[] f = c.split(" ");
            footerCalls.append(f[0]).append(" called ").append(f[1]).append(" times and ignored 0 times\n");
        }
        return this;
    }

    /** A footer line "Datatype ID (NAME) has size BYTES", as the tracer writes for each predefined type. */
    public Dumpi size(int id, String name, int bytes) {
        footerSizes.append("Datatype ").append(id).append(" (").append(name).append(") has size ").append(bytes).append('\n');
        return this;
    }

    public String footer() {
        return text + "Total keyvals: 0\n" + footerCalls + "MPI_ALL_FUNCTIONS called 1 times and ignored 0 times\nPerformance counters: 0\n" + footerSizes;
    }

    private static String time(long micros) {
        return String.format(java.util.Locale.ROOT, "%d.%09d", 1_700_000_000L + micros / 1_000_000, (micros % 1_000_000) * 1000);
    }
}

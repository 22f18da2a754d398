package tagmatch.eda.sweep;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * The sweep specs shipped in {@code data/sweeps/} (packaged into this module's jar under
 * {@code tagmatch/sweeps/}), for runs of a fixed sweep wherever they are started. A spec is
 * command-line options, one a line, so the command line reads it ({@link Reader}).
 */
public final class SweepSpecs {
    /** Seed 001's Tables IV and V: {@code data/sweeps/table-iv-v.sweep}. */
    public static final String TABLE_IV_V = "table-iv-v.sweep";

    /** Reads the lines of a spec ({@code #} comments allowed) into the sweep they describe; {@code source} names it in errors. */
    public interface Reader {
        Sweep read(List<String> lines, String source);
    }

    private SweepSpecs() {}

    /** Where {@code name} lives in the repository, as errors and messages name it. */
    public static String source(String name) {
        return "data/sweeps/" + name;
    }

    /** The lines of the shipped spec {@code name}. */
    public static List<String> lines(String name) {
        try (InputStream in = SweepSpecs.class.getResourceAsStream("/tagmatch/sweeps/" + name)) {
            if (in == null) throw new IllegalStateException("the jar holds no sweep spec " + name + " (" + source(name) + ")");
            return new String(in.readAllBytes(), StandardCharsets.UTF_8).lines().toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}

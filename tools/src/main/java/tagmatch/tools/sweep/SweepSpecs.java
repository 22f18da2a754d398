package tagmatch.tools.sweep;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import tagmatch.eda.sweep.Sweep;

/**
 * The sweep specs shipped in {@code data/sweeps/} (packaged into the jar under
 * {@code tagmatch/sweeps/}), for commands that run a fixed sweep wherever they are started.
 */
public final class SweepSpecs {
    /** Seed 001's Tables IV and V: {@code data/sweeps/table-iv-v.sweep}. */
    public static final String TABLE_IV_V = "table-iv-v.sweep";

    private SweepSpecs() {}

    public static Sweep load(String name) {
        try (InputStream in = SweepSpecs.class.getResourceAsStream("/tagmatch/sweeps/" + name)) {
            if (in == null) throw new IllegalStateException("the jar holds no sweep spec " + name + " (data/sweeps/" + name + ")");
            List<String> lines = new String(in.readAllBytes(), StandardCharsets.UTF_8).lines().toList();
            return SweepCommand.parseSpec(lines, "data/sweeps/" + name);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}

package tagmatch.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** The machine's load averages, printed beside whole-process timings: on a shared machine wall time follows the load. */
public final class LoadAverage {
    private LoadAverage() {
    }

    /** The 1, 5 and 15 minute load averages as {@code /proc/loadavg} gives them, or "unknown" where there is none. */
    public static String now() {
        try {
            String[] f = Files.readString(Path.of("/proc/loadavg")).trim().split("\\s+");
            return f[0] + " " + f[1] + " " + f[2];
        } catch (IOException e) {
            return "unknown";
        }
    }
}

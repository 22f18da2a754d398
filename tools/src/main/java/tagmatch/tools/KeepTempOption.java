package tagmatch.tools;

import java.io.PrintWriter;
import picocli.CommandLine.Option;

/** {@code --keep-temp} of every command that works in a temporary directory (a picocli mixin). */
public final class KeepTempOption {
    @Option(names = "--keep-temp", description = "keep the temporary directory and print where it is")
    boolean keep;

    /** {@link Temp#dir} for {@code purpose}, kept and named on {@code err} when asked for. */
    public Temp dir(String purpose, PrintWriter err) {
        return Temp.dir(purpose, keep, err);
    }
}

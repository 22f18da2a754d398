package tagmatch.tools;

import java.nio.file.Path;
import picocli.CommandLine.Option;

/** {@code --force} of every command that writes an output directory (a picocli mixin). */
public final class ForceOption {
    @Option(names = "--force", description = "write into the output directory even if it holds files tagmatch did not write "
            + "(files of the same name are replaced)")
    boolean force;

    /** {@link OutputDir#claim} of {@code dir}, the value of {@code option}. */
    public OutputDir claim(Path dir, String option) {
        return OutputDir.claim(dir, force, option);
    }
}

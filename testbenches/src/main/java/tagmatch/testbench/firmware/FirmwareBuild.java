package tagmatch.testbench.firmware;

import tagmatch.process.Exec;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import tagmatch.otm.OtmConfig;
import tagmatch.otm.OtmGenerator;

/** One generated firmware directory and the make targets built in it. */
public final class FirmwareBuild {
    private final OtmConfig config;
    private final Path dir;

    private FirmwareBuild(OtmConfig config, Path dir) {
        this.config = config;
        this.dir = dir;
    }

    /** Generates {@code config} into {@code root/<config key>} (regenerated every time). */
    public static FirmwareBuild generate(OtmConfig config, Path root) {
        Path dir = root.resolve(config.key()).toAbsolutePath();
        try {
            OtmGenerator.write(config, dir);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return new FirmwareBuild(config, dir);
    }

    public OtmConfig config() {
        return config;
    }

    public Path dir() {
        return dir;
    }

    /** Runs {@code make <targets>} and returns the build directory. */
    public Path make(String... targets) {
        List<String> cmd = new ArrayList<>(List.of("make", "-s"));
        cmd.addAll(List.of(targets));
        Exec.of(cmd).in(dir).hint("make").check();
        return dir;
    }

    /** Builds (if needed) and returns {@code file} from target {@code target}. */
    public Path artifact(String target, String file) {
        make(target);
        Path p = dir.resolve(file);
        if (!Files.exists(p)) throw new IllegalStateException("make " + target + " did not produce " + p);
        return p;
    }
}

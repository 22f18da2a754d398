package tagmatch.tools;

import java.io.PrintWriter;
import java.nio.file.Path;
import tagmatch.process.ScratchDir;

/**
 * A command's temporary working directory: {@link ScratchDir} (removed on close, on an error and
 * on Ctrl-C) with {@code --keep-temp}'s report on the command's standard error.
 */
public final class Temp implements AutoCloseable {
    /** {@link ScratchDir#BASE_PROPERTY}: tests point it at a directory of their own to see what a command leaves. */
    public static final String BASE_PROPERTY = ScratchDir.BASE_PROPERTY;

    private final ScratchDir dir;

    private Temp(ScratchDir dir) {
        this.dir = dir;
    }

    /** A fresh directory {@code <base>/tagmatch-<purpose>-*}; kept and named on {@code err} when {@code keep}. */
    public static Temp dir(String purpose, boolean keep, PrintWriter err) {
        return new Temp(ScratchDir.create(purpose, keep ? line -> {
            err.println(line);
            err.flush();
        } : null));
    }

    public Path path() {
        return dir.path();
    }

    @Override
    public void close() {
        dir.close();
    }

    /** {@link ScratchDir#delete}: removes a file tree, best effort. */
    public static void delete(Path root) {
        ScratchDir.delete(root);
    }
}

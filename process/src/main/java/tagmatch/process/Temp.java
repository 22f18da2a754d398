package tagmatch.process;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;

/**
 * A temporary working directory of one command: removed when the command ends, or kept and
 * named on standard error when the user asked for it ({@code --keep-temp}).
 */
public final class Temp implements AutoCloseable {
    private final Path path;
    private final boolean keep;
    private final PrintWriter err;

    private Temp(Path path, boolean keep, PrintWriter err) {
        this.path = path;
        this.keep = keep;
        this.err = err;
    }

    /**
     * Names the system property that moves every command's temporary directories out of
     * {@code java.io.tmpdir} (which the JDK reads only once per JVM); tests point it at a
     * directory of their own to see exactly what a command leaves behind.
     */
    public static final String BASE_PROPERTY = "tagmatch.tmpdir";

    /** A fresh directory {@code <base>/tagmatch-<purpose>-*}; the base is {@link #BASE_PROPERTY} or {@code java.io.tmpdir}. */
    public static Temp dir(String purpose, boolean keep, PrintWriter err) {
        try {
            String base = System.getProperty(BASE_PROPERTY);
            String prefix = "tagmatch-" + purpose + "-";
            return new Temp(base == null ? Files.createTempDirectory(prefix)
                    : Files.createTempDirectory(Path.of(base), prefix), keep, err);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public Path path() {
        return path;
    }

    @Override
    public void close() {
        if (keep) {
            err.println("kept temporary files in " + path);
            err.flush();
        } else {
            delete(path);
        }
    }

    /** Deletes a file tree, best effort (a temporary directory must not fail a command that succeeded). */
    public static void delete(Path root) {
        if (root == null || !Files.exists(root)) {
            return;
        }
        try {
            Files.walkFileTree(root, new SimpleFileVisitor<>() {
                @Override
                public FileVisitResult visitFile(Path f, BasicFileAttributes a) throws IOException {
                    Files.deleteIfExists(f);
                    return FileVisitResult.CONTINUE;
                }

                @Override
                public FileVisitResult postVisitDirectory(Path d, IOException e) throws IOException {
                    Files.deleteIfExists(d);
                    return FileVisitResult.CONTINUE;
                }
            });
        } catch (IOException ignored) {
            // best effort
        }
    }
}

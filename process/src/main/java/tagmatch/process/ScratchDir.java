package tagmatch.process;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.function.Consumer;

/**
 * A temporary working directory {@code <base>/tagmatch-<purpose>-*}: removed on {@link #close},
 * and also when the JVM ends before that (an error, Ctrl-C, SIGTERM: {@link ExitCleanup}), or
 * kept and named when the user asked for it ({@code --keep-temp}).
 *
 * <p>The base is {@code java.io.tmpdir}, or the directory the system property
 * {@value #BASE_PROPERTY} names: the JDK reads {@code java.io.tmpdir} once per JVM, so tests
 * point the property at a directory of their own to see exactly what a run leaves behind.
 *
 * <pre>{@code
 * try (ScratchDir work = ScratchDir.create("synth")) {
 *     Exec.of("yosys", ...).in(work.path()).check();
 * }
 * }</pre>
 */
public final class ScratchDir implements AutoCloseable {
    /** The system property that moves every temporary directory out of {@code java.io.tmpdir}. */
    public static final String BASE_PROPERTY = "tagmatch.tmpdir";

    private final Path path;
    private final Consumer<String> keptReport;

    private ScratchDir(Path path, Consumer<String> keptReport) {
        this.path = path;
        this.keptReport = keptReport;
    }

    private static ScratchDir forTools;

    /**
     * The directory every child tool gets as {@code TMPDIR}, made on first use and removed when the
     * JVM ends: a tool killed mid-run (gcc's {@code cc*.s}) leaves its own temporary files in it,
     * not in the system's.
     */
    public static synchronized Path forTools() {
        if (forTools == null) {
            forTools = create("tools");
        }
        return forTools.path();
    }

    /** A fresh directory, removed on {@link #close} or when the JVM ends. */
    public static ScratchDir create(String purpose) {
        return create(purpose, null);
    }

    /**
     * A fresh directory; with {@code keptReport} non-null it is kept (never removed, not even on
     * Ctrl-C) and {@link #close} hands the report its path, for a line on standard error.
     */
    public static ScratchDir create(String purpose, Consumer<String> keptReport) {
        Path base = base();
        String prefix = "tagmatch-" + purpose + "-";
        try {
            if (keptReport != null) {
                return new ScratchDir(Files.createTempDirectory(base, prefix), keptReport);
            }
            return new ScratchDir(ExitCleanup.makeDir(() -> Files.createTempDirectory(base, prefix))
                    .orElseThrow(ScratchDir::shuttingDown), null);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create a temporary directory in " + base + ": " + e.getMessage(), e);
        }
    }


    /**
     * A fresh hidden directory {@code <parent>/.tagmatch-<purpose>-*} to stage files in before
     * they move into {@code parent} (a move within one file system is atomic), removed on
     * {@link #close} or when the JVM ends.
     */
    public static ScratchDir createIn(Path parent, String purpose) {
        try {
            return new ScratchDir(ExitCleanup.makeDir(() -> Files.createTempDirectory(parent, ".tagmatch-" + purpose + "-"))
                    .orElseThrow(ScratchDir::shuttingDown), null);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create a staging directory in " + parent + ": " + e.getMessage(), e);
        }
    }

    private static IllegalStateException shuttingDown() {
        return new IllegalStateException("the JVM is shutting down: no new temporary directory");
    }

    /** Where temporary directories go: {@value #BASE_PROPERTY} if set, otherwise {@code java.io.tmpdir}. */
    public static Path base() {
        String b = System.getProperty(BASE_PROPERTY);
        return Path.of(b != null ? b : System.getProperty("java.io.tmpdir"));
    }

    public Path path() {
        return path;
    }

    @Override
    public void close() {
        if (keptReport != null) {
            keptReport.accept("kept temporary files in " + path);
        } else {
            delete(path);
            ExitCleanup.forget(path);
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
                public FileVisitResult visitFileFailed(Path f, IOException e) {
                    return FileVisitResult.CONTINUE; // removed meanwhile, or unreadable: go on with the rest
                }

                @Override
                public FileVisitResult postVisitDirectory(Path d, IOException e) throws IOException {
                    try {
                        Files.deleteIfExists(d);
                    } catch (java.nio.file.DirectoryNotEmptyException raced) {
                        // a file appeared meanwhile: the caller's next pass takes it
                    }
                    return FileVisitResult.CONTINUE;
                }
            });
        } catch (IOException ignored) {
            // best effort
        }
    }
}

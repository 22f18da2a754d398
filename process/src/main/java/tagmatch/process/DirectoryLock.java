package tagmatch.process;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Optional;
import java.util.UUID;

/**
 * A directory held by one run: the file {@value #FILE} in it, locked with an OS file lock
 * ({@link FileChannel#tryLock}), which the OS drops when the process dies however it dies, so a
 * killed run never leaves a directory locked. The file names its holder for the message of a
 * run that finds it taken; {@link #close} removes it.
 *
 * <p>Removing a lock file races with a run that opened it just before: that run then holds a
 * lock on a file no longer in the directory. So a run that gets the lock checks that the path
 * still names the file it locked (the same inode; read through {@code /proc/self/fd}, never by
 * opening the path again, since closing any descriptor of a file drops the process's POSIX locks
 * on it), and otherwise tries again.
 */
public final class DirectoryLock implements AutoCloseable {
    public static final String FILE = ".tagmatch-lock";

    private final Path file;
    private final FileChannel channel;
    private final FileLock lock;

    private DirectoryLock(Path file, FileChannel channel, FileLock lock) {
        this.file = file;
        this.channel = channel;
        this.lock = lock;
    }

    /** Holds {@code dir} (which must exist), or is empty when another live run (or this one) holds it. */
    public static Optional<DirectoryLock> tryLock(Path dir) {
        Path file = dir.resolve(FILE);
        String token = "pid " + ProcessHandle.current().pid() + " since "
                + Instant.now().truncatedTo(ChronoUnit.SECONDS) + " (" + UUID.randomUUID() + ")\n";
        try {
            for (int attempt = 0; attempt < 100; attempt++) {
                FileChannel ch = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.READ, StandardOpenOption.WRITE);
                FileLock lock;
                try {
                    lock = ch.tryLock();
                } catch (OverlappingFileLockException sameJvm) {
                    lock = null;
                }
                if (lock == null) {
                    ch.close();
                    return Optional.empty();
                }
                if (stillNamed(file)) {
                    ch.truncate(0);
                    ch.write(ByteBuffer.wrap(token.getBytes(StandardCharsets.UTF_8)), 0);
                    ch.force(false);
                    return Optional.of(new DirectoryLock(file, ch, lock));
                }
                lock.release(); // the file was removed and perhaps made anew by another run: start over
                ch.close();
            }
            throw new IllegalStateException("cannot take the lock " + file + ": it changes under every attempt");
        } catch (IOException e) {
            throw new UncheckedIOException("cannot lock " + dir + " (" + file + "): " + e.getMessage(), e);
        }
    }

    /** Whether {@code file} still names a file this process has open (the one just locked), by inode. */
    private static boolean stillNamed(Path file) throws IOException {
        Object inode;
        try {
            inode = Files.getAttribute(file, "unix:ino");
        } catch (NoSuchFileException removed) {
            return false;
        }
        Path abs = file.getParent().toRealPath().resolve(file.getFileName()); // what /proc shows: no symbolic links
        try (var fds = Files.newDirectoryStream(Path.of("/proc/self/fd"))) {
            for (Path fd : fds) {
                try {
                    if (Files.readSymbolicLink(fd).startsWith(abs) && inode.equals(Files.getAttribute(fd, "unix:ino"))) {
                        return true;
                    }
                } catch (IOException closedMeanwhile) {
                    // another thread's descriptor, gone: not ours
                }
            }
        }
        return false;
    }

    /** Who holds {@code dir}, as its lock file says ({@code pid 1234 since 2026-11-27T05:40:00Z}), or "another run". */
    public static String holder(Path dir) {
        try {
            String s = Files.readString(dir.resolve(FILE), StandardCharsets.UTF_8).strip();
            int paren = s.indexOf(" (");
            return s.isEmpty() ? "another run" : paren < 0 ? s : s.substring(0, paren);
        } catch (IOException e) {
            return "another run";
        }
    }

    /** Removes the lock file, then lets go: the next run finds no file, or a fresh one it can lock. */
    @Override
    public void close() {
        try {
            Files.deleteIfExists(file);
        } catch (IOException ignored) {
            // a lock file left behind is harmless: the next run locks it
        }
        try {
            lock.release();
            channel.close();
        } catch (IOException ignored) {
            // closing the channel releases the lock in any case
        }
    }
}

package tagmatch.sim.verilator;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.locks.ReentrantLock;

/**
 * Content-addressed store of built artefacts under {@code <root>/sim/<key>/}. An entry is built in
 * a private temporary directory and renamed into place atomically, under a per-key file lock (other
 * JVMs) and a per-key in-process lock (other threads), so concurrent builders never see a half-built
 * entry and the work is done once. The root is the system property {@code tagmatch.cache}, else the
 * environment variable {@code TAGMATCH_CACHE}, else {@code ~/.cache/tagmatch}.
 */
final class BuildCache {
    private static final Map<String, ReentrantLock> LOCKS = new ConcurrentHashMap<>();
    /** Marker written last into a finished entry. */
    static final String DONE = "BUILD-OK";

    private final Path dir;

    BuildCache(Path root) { this.dir = root.resolve("sim"); }

    static BuildCache standard() { return new BuildCache(root()); }

    static Path root() {
        String p = System.getProperty("tagmatch.cache");
        if (p == null || p.isBlank()) {
            p = System.getenv("TAGMATCH_CACHE");
        }
        if (p == null || p.isBlank()) {
            return Path.of(System.getProperty("user.home"), ".cache", "tagmatch");
        }
        return Path.of(p);
    }

    Path dir() { return dir; }

    /** Builds the contents of a fresh directory. */
    interface Producer {
        void produce(Path tmpDir) throws IOException;
    }

    /** What {@link #get} found or did. */
    record Entry(Path dir, boolean hit) {}

    /** The entry for {@code key}, built by {@code producer} if absent. */
    @SuppressWarnings("try") // the file lock is held for the block's extent, never referenced
    Entry get(String key, Producer producer) {
        Path target = dir.resolve(key);
        if (Files.exists(target.resolve(DONE))) {
            return new Entry(target, true);
        }
        ReentrantLock local = LOCKS.computeIfAbsent(key, k -> new ReentrantLock());
        local.lock();
        try {
            Files.createDirectories(dir.resolve("locks"));
            try (FileChannel ch = FileChannel.open(dir.resolve("locks").resolve(key + ".lock"),
                    StandardOpenOption.CREATE, StandardOpenOption.WRITE);
                 FileLock ignored = ch.lock()) {
                if (Files.exists(target.resolve(DONE))) {
                    return new Entry(target, true);
                }
                Path tmp = Files.createTempDirectory(dir, "tmp-" + key + "-");
                producer.produce(tmp);
                Files.writeString(tmp.resolve(DONE), key + "\n", StandardCharsets.UTF_8);
                if (Files.exists(target)) {
                    deleteTree(target); // an unfinished leftover from a killed build (no DONE marker)
                }
                try {
                    Files.move(tmp, target, StandardCopyOption.ATOMIC_MOVE);
                } catch (AtomicMoveNotSupportedException | FileAlreadyExistsException e) {
                    deleteTree(tmp);
                    if (!Files.exists(target.resolve(DONE))) {
                        throw new IOException("could not move build into " + target, e);
                    }
                }
                return new Entry(target, false);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("build cache " + dir + ": " + e.getMessage(), e);
        } finally {
            local.unlock();
        }
    }

    static String hash(String... parts) {
        try {
            MessageDigest md = MessageDigest.getInstance("SHA-256");
            for (String p : parts) {
                byte[] b = p.getBytes(StandardCharsets.UTF_8);
                md.update(Integer.toString(b.length).getBytes(StandardCharsets.US_ASCII));
                md.update((byte) ':');
                md.update(b);
            }
            return HexFormat.of().formatHex(md.digest(), 0, 16);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    static void deleteTree(Path p) throws IOException {
        if (!Files.exists(p)) {
            return;
        }
        try (var s = Files.walk(p)) {
            for (Path q : (Iterable<Path>) s.sorted(java.util.Comparator.reverseOrder())::iterator) {
                Files.deleteIfExists(q);
            }
        }
    }
}

package tagmatch.tools;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Stream;
import tagmatch.process.DirectoryLock;
import tagmatch.process.UsageError;
import tagmatch.process.UserError;

/**
 * A directory a generator writes into, owning only what it wrote there.
 *
 * <p>A small manifest ({@value #MANIFEST}) lists each file tagmatch wrote and the group it
 * belongs to (one ALPU top, one library block, one firmware). {@link #claim} checks the
 * directory before any work: it refuses an empty name, a regular file, a place that cannot be
 * created, and a directory holding files tagmatch did not write (named; {@code --force} takes
 * them over). The generator writes into {@link #staging()}; {@link #commit} moves the files
 * into place, removes the group's files of an earlier configuration that the new one no longer
 * has, and rewrites the manifest. Until then the directory is untouched, so a failed run leaves
 * nothing half-written. A claim holds the directory ({@link DirectoryLock}) until it is closed:
 * a second run into a directory a live run holds is refused, never interleaved with it.
 *
 * <pre>{@code
 * try (OutputDir out = OutputDir.claim(dir, force, "--out")) {
 *     Generator.write(config, out.staging());
 *     out.commit("alpu_prq");
 * }
 * }</pre>
 */
public final class OutputDir implements AutoCloseable {
    public static final String MANIFEST = ".tagmatch-manifest";

    private final Path dir;
    private final String option;
    private final Map<String, String> owned; // file name -> group
    private tagmatch.process.ScratchDir staging;
    private Path created; // the outermost directory the claim made, removed again if nothing is committed
    private DirectoryLock lock;

    private OutputDir(Path dir, String option, Map<String, String> owned, Path created, DirectoryLock lock) {
        this.dir = dir;
        this.option = option;
        this.owned = owned;
        this.created = created;
        this.lock = lock;
    }

    /**
     * Checks {@code dir} as the value of {@code option} before any work, creating it if needed
     * (removed again on {@link #close} if nothing was committed); {@code force} takes over files
     * tagmatch did not write. Throws {@link UsageError} naming the option and what is wrong.
     */
    public static OutputDir claim(Path dir, boolean force, String option) {
        if (dir == null || dir.toString().isBlank()) {
            throw new UsageError(option + " must name a directory, got an empty string");
        }
        Path abs = dir.toAbsolutePath().normalize();
        if (Files.exists(abs, LinkOption.NOFOLLOW_LINKS) && !Files.isDirectory(abs)) {
            throw new UsageError(option + " must name a directory, but " + dir + " is a file");
        }
        Path existing = abs;
        while (existing != null && !Files.exists(existing)) {
            existing = existing.getParent();
        }
        if (existing == null || !Files.isDirectory(existing)) {
            throw new UsageError(option + " " + dir + " cannot be created: " + existing + " is not a directory");
        }
        if (!Files.isWritable(existing)) {
            throw new UsageError(option + " " + dir + " cannot be written: no write permission on " + existing);
        }
        Map<String, String> owned = new TreeMap<>();
        Path created = null;
        boolean existed = Files.exists(abs);
        if (!existed) {
            // Made now, so that a place that cannot be written fails before the work, not after it.
            try {
                created = abs;
                while (created.getParent() != null && !Files.exists(created.getParent())) created = created.getParent();
                Files.createDirectories(abs);
            } catch (IOException e) {
                throw new UsageError(option + " " + dir + " cannot be created: " + ErrorHandler.describe(e), e);
            }
        }
        DirectoryLock lock = DirectoryLock.tryLock(abs).orElseThrow(() -> new UserError(option + " " + dir
                + " is in use by another tagmatch run (" + DirectoryLock.holder(abs) + "); wait for it to end, or choose another directory"));
        if (existed) {
            try {
                checkForeign(abs, dir, option, force, owned);
            } catch (RuntimeException e) {
                lock.close();
                throw e;
            }
        }
        return new OutputDir(abs, option, owned, created, lock);
    }

    /** Reads the manifest into {@code owned}; refuses files tagmatch did not write unless {@code force}. */
    private static void checkForeign(Path abs, Path dir, String option, boolean force, Map<String, String> owned) {
        owned.putAll(readManifest(abs));
        Set<String> foreign = new TreeSet<>();
        try (Stream<Path> s = Files.list(abs)) {
            s.filter(p -> !ownedTree(p))
                    .map(p -> p.getFileName().toString())
                    .filter(n -> !n.equals(MANIFEST) && !n.equals(DirectoryLock.FILE) && !owned.containsKey(n))
                    .forEach(foreign::add);
        } catch (IOException e) {
            throw new UsageError(option + " " + dir + " cannot be read: " + ErrorHandler.describe(e), e);
        }
        if (!foreign.isEmpty() && !force) {
            List<String> shown = new ArrayList<>(foreign).subList(0, Math.min(5, foreign.size()));
            throw new UsageError(option + " " + dir + " holds files tagmatch did not write ("
                    + String.join(", ", shown) + (foreign.size() > 5 ? " and " + (foreign.size() - 5) + " more" : "")
                    + "); choose an empty or new directory, or pass --force to write into it anyway (files of the same name are replaced)");
        }
    }

    /** The directory the output ends up in. */
    public Path dir() {
        return dir;
    }

    /** A fresh empty directory to generate into; its files move into {@link #dir()} on commit. */
    public Path staging() {
        if (staging == null) {
            staging = tagmatch.process.ScratchDir.create("out");
        }
        return staging.path();
    }

    /**
     * Moves every staged file into place as the files of {@code group}, deletes the group's
     * earlier files that are no longer produced, and writes the manifest. Returns the files, sorted.
     */
    public List<Path> commit(String group) {
        return commitFrom(staging(), group);
    }

    /** {@link #commit} of the files in {@code from}, a directory inside {@link #staging()} (one group of several). */
    public List<Path> commitFrom(Path from, String group) {
        List<Path> written = new ArrayList<>();
        try {
            Files.createDirectories(dir);
            Set<String> fresh = new TreeSet<>();
            try (Stream<Path> s = Files.list(from)) {
                s.forEach(p -> fresh.add(p.getFileName().toString()));
            }
            for (String name : fresh) {
                Path src = from.resolve(name);
                if (Files.isDirectory(src)) {
                    throw new IllegalStateException("generators write flat directories; got " + src);
                }
                Path dst = dir.resolve(name);
                Files.move(src, dst, StandardCopyOption.REPLACE_EXISTING);
                written.add(dst);
            }
            for (Map.Entry<String, String> e : List.copyOf(owned.entrySet())) {
                if (e.getValue().equals(group) && !fresh.contains(e.getKey())) {
                    Files.deleteIfExists(dir.resolve(e.getKey()));
                    owned.remove(e.getKey());
                }
            }
            fresh.forEach(n -> owned.put(n, group));
            writeManifest();
            created = null;
        } catch (IOException e) {
            throw new UserError("cannot write " + option + " " + dir + ": " + ErrorHandler.describe(e), e);
        }
        return written;
    }

    /** A subdirectory tagmatch wrote: it has a manifest, or holds only such directories (verilog-out/lib/BLOCK). */
    private static boolean ownedTree(Path p) {
        if (!Files.isDirectory(p, LinkOption.NOFOLLOW_LINKS)) {
            return false;
        }
        if (Files.isRegularFile(p.resolve(MANIFEST))) {
            return true;
        }
        try (Stream<Path> s = Files.list(p)) {
            List<Path> entries = s.toList();
            return !entries.isEmpty() && entries.stream().allMatch(OutputDir::ownedTree);
        } catch (IOException e) {
            return false;
        }
    }

    private void writeManifest() throws IOException {
        StringBuilder s = new StringBuilder("# files written by tagmatch into this directory: group<TAB>file\n");
        owned.forEach((file, group) -> s.append(group).append('\t').append(file).append('\n'));
        Path tmp = dir.resolve(MANIFEST + ".tmp");
        Files.writeString(tmp, s, StandardCharsets.UTF_8);
        Files.move(tmp, dir.resolve(MANIFEST), StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    }

    private static Map<String, String> readManifest(Path dir) {
        Map<String, String> m = new TreeMap<>();
        Path f = dir.resolve(MANIFEST);
        if (!Files.isRegularFile(f)) {
            return m;
        }
        try {
            for (String line : Files.readAllLines(f, StandardCharsets.UTF_8)) {
                int tab = line.indexOf('\t');
                if (!line.startsWith("#") && tab > 0) {
                    m.put(line.substring(tab + 1), line.substring(0, tab));
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return m;
    }

    /** Removes the staging directory, lets the directory go, and removes it if this claim made it and nothing was committed. */
    @Override
    public void close() {
        if (staging != null) {
            staging.close();
            staging = null;
        }
        if (lock != null) {
            lock.close();
            lock = null;
        }
        if (created != null) {
            for (Path p = dir; p != null && p.startsWith(created); p = p.getParent()) {
                try {
                    Files.deleteIfExists(p);
                } catch (IOException ignored) {
                    break; // not empty after all: leave it
                }
            }
            created = null;
        }
    }
}

package tagmatch.eda.sweep;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import tagmatch.process.UsageError;

/**
 * A sweep's results directory: {@code results/<task key>.json}, one JSON line per finished task.
 * A line is written to a temporary file beside its final name and renamed over it, so a reader
 * (a resumed sweep, another shard, the report) sees either no line or a whole one, also on a
 * shared cluster file system; a sweep killed midway leaves only whole lines behind.
 */
public final class ResultStore {
    public static final ObjectMapper JSON = new ObjectMapper().disable(SerializationFeature.INDENT_OUTPUT);

    private final Path dir;
    private final Path results;

    private ResultStore(Path dir) {
        this.dir = dir;
        this.results = dir.resolve("results");
    }

    /** The store in {@code dir}, created when missing. */
    public static ResultStore open(Path dir) throws IOException {
        ResultStore s = new ResultStore(dir.toAbsolutePath().normalize());
        Files.createDirectories(s.results);
        return s;
    }

    /** A store to read (the report): the directory must already hold {@code results/}. */
    public static ResultStore existing(Path dir) {
        ResultStore s = new ResultStore(dir.toAbsolutePath().normalize());
        if (!Files.isDirectory(s.results)) throw new IllegalArgumentException("holds no results/ directory: " + dir);
        return s;
    }

    public Path dir() {
        return dir;
    }

    public Path file(String key) {
        return results.resolve(key + ".json");
    }

    /** Refuses a directory that holds a different sweep; records this one in {@code sweep.args}. */
    public void claim(Sweep sweep) throws IOException {
        Path f = dir.resolve("sweep.args");
        String text = "# tagmatch sweep definition: run it again with tagmatch sweep @" + f.getFileName() + " --out DIR\n"
                + String.join("\n", sweep.args()) + "\n";
        if (Files.exists(f)) {
            String old = Files.readString(f, StandardCharsets.UTF_8);
            if (!old.equals(text)) {
                throw new UsageError("--out " + dir + " holds another sweep (" + String.join(" ", old.lines().filter(l -> !l.startsWith("#")).toList())
                        + "); use another directory, or the same options to resume it");
            }
            return;
        }
        Path tmp = dir.resolve(".sweep.args." + ProcessHandle.current().pid() + ".tmp");
        Files.writeString(tmp, text, StandardCharsets.UTF_8);
        Files.move(tmp, f, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
    }

    /** The line of a task, if it finished (whatever its verdict). */
    public Optional<ResultLine> read(String key) {
        try {
            return Optional.of(parse(Files.readString(file(key), StandardCharsets.UTF_8), file(key)));
        } catch (NoSuchFileException e) {
            return Optional.empty();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** True when the task needs no run: it passed, or it did not and failures are not retried. */
    public boolean settled(Task task, boolean retryFailed) {
        Optional<ResultLine> l = read(task.key());
        return l.isPresent() && (l.get().verdict() == TaskVerdict.PASS || !retryFailed);
    }

    /** Writes the line atomically (temporary file, then rename over the final name). */
    public void write(ResultLine line) throws IOException {
        Path target = file(line.key());
        Path tmp = results.resolve("." + line.key() + "." + host() + "." + ProcessHandle.current().pid() + ".tmp");
        Files.writeString(tmp, JSON.writeValueAsString(line) + "\n", StandardCharsets.UTF_8);
        Files.move(tmp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
    }

    /** Every finished line, sorted by key. */
    public List<ResultLine> all() throws IOException {
        List<ResultLine> out = new ArrayList<>();
        try (DirectoryStream<Path> ds = Files.newDirectoryStream(results, "*.json")) {
            for (Path p : ds) {
                if (p.getFileName().toString().startsWith(".")) continue;
                out.add(parse(Files.readString(p, StandardCharsets.UTF_8), p));
            }
        }
        out.sort(Comparator.comparing(ResultLine::key));
        return out;
    }

    /**
     * Removes temporary files that a killed run of this host left behind (their process is gone);
     * those of live processes, or of other hosts sharing the directory, are left alone.
     */
    public void removeStaleTemporaries() throws IOException {
        String host = host();
        try (DirectoryStream<Path> ds = Files.newDirectoryStream(results, ".*.tmp")) {
            for (Path p : ds) {
                String[] parts = p.getFileName().toString().split("\\.");
                // .<key parts...>.<host>.<pid>.tmp
                if (parts.length < 4) continue;
                String pid = parts[parts.length - 2];
                String h = parts[parts.length - 3];
                if (!h.equals(host) || !pid.matches("\\d+")) continue;
                if (ProcessHandle.of(Long.parseLong(pid)).map(ProcessHandle::isAlive).orElse(false)) continue;
                Files.deleteIfExists(p);
            }
        }
    }

    private static ResultLine parse(String text, Path from) {
        try {
            return JSON.readValue(text, ResultLine.class);
        } catch (IOException e) {
            throw new IllegalStateException(from + " is not a sweep result line: " + e.getMessage(), e);
        }
    }

    /** This machine's short host name (no dots, so it fits in a file name). */
    static String host() {
        try {
            String h = InetAddress.getLocalHost().getHostName();
            int dot = h.indexOf('.');
            return (dot > 0 ? h.substring(0, dot) : h).replaceAll("[^A-Za-z0-9_-]", "_");
        } catch (IOException e) {
            return "unknown";
        }
    }

    static MessageDigest sha256() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("the JDK has no SHA-256", e);
        }
    }

    static void deleteTree(Path p) throws IOException {
        if (!Files.exists(p)) return;
        try (Stream<Path> s = Files.walk(p)) {
            for (Path f : s.sorted(Comparator.reverseOrder()).toList()) Files.delete(f);
        }
    }
}

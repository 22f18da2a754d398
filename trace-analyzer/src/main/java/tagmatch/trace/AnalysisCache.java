package tagmatch.trace;

import java.io.IOException;
import java.io.InputStream;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.TreeSet;
import java.util.stream.Stream;
import tagmatch.process.ScratchDir;
import tagmatch.process.UserError;

/**
 * Whole analyses kept, so that analysing the same traces again with the same parameters and the
 * same code only copies the result out. The replay of every strategy at every bin count, not
 * parsing, is most of {@code trace analyze}'s time on traces of the committed size, so the
 * {@link TraceCache} of parsed rank files alone cannot make a second analysis fast.
 *
 * <p>An entry is the analysis' output files (summary, CSV tables, PNG plots) in a directory
 * {@code analyses/KEY} under the trace cache's directory, with an index of their sizes and
 * SHA-256. {@code KEY} is a SHA-256 over everything the output depends on: {@link #VERSION},
 * the code that computes it (the bytes of the jars or class directories of this package and of
 * the matching model, so any rebuild with other code invalidates every entry), the analysis
 * parameters, and, for every trace in command-line order, its name and each rank file's name and
 * SHA-256 of its whole content. A changed byte anywhere in a trace therefore means another key,
 * and a fresh analysis. An entry is written aside and moved into place, and one whose files do
 * not match its index is ignored (analysed afresh and replaced), so a reader never takes half of
 * one.
 */
final class AnalysisCache {
    /** Bump when the output of an analysis changes for the same inputs and code (it never should without a code change). */
    static final int VERSION = 1;
    private static final String INDEX = "index.sha256";

    private final Path dir;

    /** The cache of analyses beside the parsed rank files of {@code traces}. */
    AnalysisCache(TraceCache traces) {
        this.dir = traces.dir().resolve("analyses");
    }

    Path dir() {
        return dir;
    }

    /**
     * The key of analysing {@code traces} with {@code parameters} (every option that changes the
     * output, in a fixed form) by this code.
     */
    static String key(List<TraceFiles.Trace> traces, List<String> parameters) {
        MessageDigest md = sha256();
        update(md, "tagmatch trace analyze " + VERSION);
        update(md, codeIdentity());
        for (String p : parameters) update(md, p);
        for (TraceFiles.Trace t : traces) {
            update(md, "trace " + t.name() + " " + t.ranks().size());
            for (Path f : t.ranks()) {
                update(md, f.getFileName().toString());
                update(md, hex(contentHash(f)));
            }
        }
        return hex(md.digest());
    }

    /**
     * Copies the files of the entry {@code key} into {@code into} and returns their names, or
     * returns {@code null} when there is no entry or it is damaged (nothing copied then).
     */
    List<String> load(String key, Path into) {
        Path entry = dir.resolve(key);
        List<String> lines;
        try {
            lines = Files.readAllLines(entry.resolve(INDEX), StandardCharsets.UTF_8);
        } catch (NoSuchFileException e) {
            return null;
        } catch (IOException e) {
            return null; // unreadable: analyse again and replace it
        }
        List<String> names = new ArrayList<>();
        List<byte[]> contents = new ArrayList<>();
        try {
            for (String line : lines) {
                String[] f = line.split(" ", 3); // sha256 size name
                if (f.length != 3) return null;
                byte[] b = Files.readAllBytes(entry.resolve(f[2]));
                if (b.length != Long.parseLong(f[1]) || !hex(sha256().digest(b)).equals(f[0])) return null;
                names.add(f[2]);
                contents.add(b);
            }
            for (int i = 0; i < names.size(); i++) Files.write(into.resolve(names.get(i)), contents.get(i));
        } catch (IOException | RuntimeException e) {
            return null;
        }
        return names;
    }

    /** Keeps the files of {@code from} (a flat directory of the analysis' output) as the entry {@code key}. */
    void store(String key, Path from) {
        Path entry = dir.resolve(key);
        Path tmp = null;
        try {
            Files.createDirectories(dir);
            tmp = Files.createTempDirectory(dir, ".analysis-");
            StringBuilder index = new StringBuilder();
            TreeSet<String> names = new TreeSet<>();
            try (Stream<Path> s = Files.list(from)) {
                s.forEach(p -> names.add(p.getFileName().toString()));
            }
            for (String name : names) {
                byte[] b = Files.readAllBytes(from.resolve(name));
                Files.write(tmp.resolve(name), b);
                index.append(hex(sha256().digest(b))).append(' ').append(b.length).append(' ').append(name).append('\n');
            }
            Files.writeString(tmp.resolve(INDEX), index, StandardCharsets.UTF_8);
            if (Files.exists(entry)) ScratchDir.delete(entry); // damaged (a sound one would have been used)
            try {
                Files.move(tmp, entry, StandardCopyOption.ATOMIC_MOVE);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(tmp, entry);
            }
            tmp = null;
        } catch (java.nio.file.FileAlreadyExistsException | java.nio.file.DirectoryNotEmptyException e) {
            // another run stored the same analysis meanwhile: it is as good as ours
        } catch (IOException e) {
            throw new UserError("cannot write the analysis cache " + entry + ": " + e.getMessage() + " (choose another with --cache DIR, or --no-cache)", e);
        } finally {
            if (tmp != null) ScratchDir.delete(tmp);
        }
    }

    /** SHA-256 of the whole of {@code file}. */
    static byte[] contentHash(Path file) {
        MessageDigest md = sha256();
        byte[] buf = new byte[1 << 16];
        try (InputStream in = Files.newInputStream(file)) {
            for (int n; (n = in.read(buf)) > 0; ) md.update(buf, 0, n);
        } catch (IOException e) {
            throw new UserError("cannot read trace file " + file + ": " + e.getMessage(), e);
        }
        return md.digest();
    }

    private static String codeIdentity;

    /** A hash of the bytes of the code behind an analysis: this package's jar or classes, and the matching model's. */
    static synchronized String codeIdentity() {
        if (codeIdentity == null) {
            MessageDigest md = sha256();
            TreeSet<Path> places = new TreeSet<>();
            for (Class<?> c : List.of(TraceAnalysis.class, tagmatch.model.Matcher.class, tagmatch.model.strategy.Strategies.class)) {
                try {
                    places.add(Path.of(c.getProtectionDomain().getCodeSource().getLocation().toURI()));
                } catch (URISyntaxException | RuntimeException e) {
                    throw new IllegalStateException("cannot tell where " + c.getName() + " was loaded from", e);
                }
            }
            for (Path p : places) {
                update(md, p.getFileName().toString());
                if (Files.isRegularFile(p)) {
                    md.update(contentHash(p));
                } else {
                    try (Stream<Path> s = Files.walk(p)) {
                        for (Path f : s.filter(Files::isRegularFile).sorted().toList()) {
                            update(md, p.relativize(f).toString());
                            md.update(contentHash(f));
                        }
                    } catch (IOException e) {
                        throw new UserError("cannot read the classes in " + p + ": " + e.getMessage(), e);
                    }
                }
            }
            codeIdentity = hex(md.digest());
        }
        return codeIdentity;
    }

    private static void update(MessageDigest md, String s) {
        byte[] b = s.getBytes(StandardCharsets.UTF_8);
        md.update(new byte[] {(byte) (b.length >>> 24), (byte) (b.length >>> 16), (byte) (b.length >>> 8), (byte) b.length});
        md.update(b);
    }

    private static MessageDigest sha256() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("the JDK always has SHA-256", e);
        }
    }

    private static String hex(byte[] b) {
        return HexFormat.of().formatHex(b);
    }
}

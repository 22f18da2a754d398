package tagmatch.trace;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import tagmatch.process.UsageError;

/**
 * Finds the traces named on the command line. A trace is one run of one program: files
 * {@code PREFIX-RRRR.txt} (or {@code .txt.gz}), one per rank {@code RRRR}, in one directory.
 * A directory holding such files is one trace, named after the directory; a directory holding
 * none is searched one level down, each subdirectory with rank files being a trace (so
 * {@code data/traces} is every committed trace). Files named directly are grouped by directory.
 */
public final class TraceFiles {
    /** One trace: its name and its files, index = rank. */
    public record Trace(String name, List<Path> ranks) {}

    private static final Pattern RANK_FILE = Pattern.compile("(.*)-(\\d+)\\.txt(\\.gz)?");

    private TraceFiles() {}

    public static List<Trace> find(List<Path> args) {
        if (args.isEmpty()) throw new UsageError("no trace given: name a trace directory or its rank files");
        Map<Path, List<Path>> byDir = new TreeMap<>();
        for (Path arg : args) {
            if (Files.isDirectory(arg)) {
                List<Path> files = rankFiles(arg);
                if (!files.isEmpty()) {
                    byDir.computeIfAbsent(arg.toAbsolutePath().normalize(), d -> new ArrayList<>()).addAll(files);
                    continue;
                }
                boolean any = false;
                for (Path sub : list(arg)) {
                    if (!Files.isDirectory(sub)) continue;
                    List<Path> inSub = rankFiles(sub);
                    if (inSub.isEmpty()) continue;
                    any = true;
                    byDir.computeIfAbsent(sub.toAbsolutePath().normalize(), d -> new ArrayList<>()).addAll(inSub);
                }
                if (!any) throw new UsageError("trace directory " + arg + " holds no rank files NAME-RRRR.txt[.gz], nor do its subdirectories");
            } else if (Files.isRegularFile(arg)) {
                if (!RANK_FILE.matcher(arg.getFileName().toString()).matches()) {
                    throw new UsageError("trace file " + arg + " is not named NAME-RRRR.txt or NAME-RRRR.txt.gz (RRRR: the rank)");
                }
                byDir.computeIfAbsent(arg.toAbsolutePath().normalize().getParent(), d -> new ArrayList<>()).add(arg);
            } else {
                throw new UsageError("trace " + arg + " does not exist");
            }
        }
        List<Trace> traces = new ArrayList<>();
        Map<String, Integer> names = new TreeMap<>();
        for (Path dir : byDir.keySet()) names.merge(shortName(dir), 1, Integer::sum);
        for (Map.Entry<Path, List<Path>> e : byDir.entrySet()) {
            Path dir = e.getKey();
            // two traces in directories of the same name: name them by parent/dir
            String name = names.get(shortName(dir)) > 1 && dir.getParent() != null ? shortName(dir.getParent()) + "/" + shortName(dir) : shortName(dir);
            traces.add(byRank(dir, name, e.getValue()));
        }
        return traces;
    }

    /** One rank file on its own (to check its format), named by its file name. */
    public static Trace single(Path file) {
        if (!Files.isRegularFile(file)) throw new UsageError("trace " + file + " does not exist");
        if (!RANK_FILE.matcher(file.getFileName().toString()).matches()) {
            throw new UsageError("trace file " + file + " is not named NAME-RRRR.txt or NAME-RRRR.txt.gz (RRRR: the rank)");
        }
        return new Trace(file.getFileName().toString(), List.of(file));
    }

    private static String shortName(Path dir) {
        return dir.getFileName() == null ? dir.toString() : dir.getFileName().toString();
    }

    private static Trace byRank(Path dir, String name, List<Path> files) {
        TreeMap<Integer, Path> ranks = new TreeMap<>();
        for (Path f : files) {
            Matcher m = RANK_FILE.matcher(f.getFileName().toString());
            if (!m.matches()) continue;
            int rank = Integer.parseInt(m.group(2));
            Path old = ranks.put(rank, f);
            if (old != null && !old.equals(f)) {
                throw new UsageError("trace " + dir + " has two files for rank " + rank + ": " + old.getFileName() + " and " + f.getFileName());
            }
        }
        for (int r = 0; r < ranks.size(); r++) {
            if (!ranks.containsKey(r)) {
                throw new UsageError("trace " + dir + " has no file for rank " + r + " (ranks must be 0.." + (ranks.size() - 1)
                        + ", found " + ranks.keySet() + ")");
            }
        }
        return new Trace(name, new ArrayList<>(ranks.values()));
    }

    private static List<Path> rankFiles(Path dir) {
        List<Path> out = new ArrayList<>();
        for (Path p : list(dir)) if (Files.isRegularFile(p) && RANK_FILE.matcher(p.getFileName().toString()).matches()) out.add(p);
        return out;
    }

    private static List<Path> list(Path dir) {
        try (Stream<Path> s = Files.list(dir)) {
            return s.sorted().toList();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot list " + dir + ": " + e.getMessage(), e);
        }
    }
}

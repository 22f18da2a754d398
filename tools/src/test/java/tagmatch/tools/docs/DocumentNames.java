package tagmatch.tools.docs;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.MalformedInputException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * Every Markdown document a file of the project names ({@code docs/otm-contract.md},
 * {@code docs/papers.md}) exists, beside the naming file, from the repository root or in {@code docs/}
 * (generated C names the contract by its file name). Source,
 * scripts, build files and docs are read; the files commands write ({@code sweep.md},
 * {@code figure5.md}) and placeholders ({@code DIR/report/sweep.md}) are not documents.
 */
final class DocumentNames {
    /** A Markdown file name, alone or after directories, not inside a longer path, URL or word. */
    private static final Pattern NAME = Pattern.compile("(?<![\\w/.:-])((?:[\\w.-]+/)*[\\w-]+\\.md)\\b");
    /** What commands write into their output directories, named by the code that writes them and the docs that describe it. */
    private static final Set<String> OUTPUTS = Set.of("sweep.md", "figure5.md", "figure6.md", "figure8.md", "figureN.md",
            "figure5-dpa.md", "figure6-dpa.md", "figureN-dpa.md");
    private static final Set<String> TEXT = Set.of("md", "java", "c", "h", "S", "ld", "sh", "xml", "st", "stg", "g4", "py", "txt", "yml",
            "sweep", "properties");
    /** Trees that hold no names of the project's documents: build output, inputs and generated RTL. */
    private static final Set<String> SKIPPED = Set.of("target", ".git", "data", "verilog-out", "node_modules");

    private DocumentNames() {}

    /** Each name that resolves nowhere, as {@code file:line: no document NAME}. */
    static List<String> check(Path root, Set<Path> fixtures) {
        List<String> problems = new ArrayList<>();
        for (Path f : files(root)) {
            if (fixtures.contains(root.relativize(f))) continue;
            String[] lines = text(f).split("\n", -1);
            for (int i = 0; i < lines.length; i++) {
                Matcher m = NAME.matcher(lines[i]);
                while (m.find()) {
                    String name = m.group(1);
                    if (OUTPUTS.contains(name) || name.matches(".*[A-Z]{3,}/.*") || lines[i].contains("://" + name)) continue;
                    if (Files.exists(f.getParent().resolve(name)) || Files.exists(root.resolve(name)) || Files.exists(root.resolve("docs").resolve(name))) continue;
                    problems.add(root.relativize(f) + ":" + (i + 1) + ": no document " + name);
                }
            }
        }
        return problems;
    }

    private static List<Path> files(Path root) {
        try (Stream<Path> s = Files.walk(root)) {
            return s.filter(p -> {
                for (Path part : root.relativize(p)) if (SKIPPED.contains(part.toString())) return false;
                String n = p.getFileName().toString();
                return Files.isRegularFile(p) && (TEXT.contains(n.substring(n.lastIndexOf('.') + 1)) || n.equals("tagmatch"));
            }).sorted().toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static String text(Path f) {
        try {
            return Files.readString(f);
        } catch (MalformedInputException e) {
            return "";
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}

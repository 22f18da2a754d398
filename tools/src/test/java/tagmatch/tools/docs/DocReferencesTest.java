package tagmatch.tools.docs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;
import tagmatch.tools.Main;

/** The docs name only classes, files and commands that exist. */
class DocReferencesTest {
    /** The launcher's own command ({@code ./tagmatch test}), beside the Java command tree. */
    private static final Set<String> LAUNCHER = Set.of("test");

    @Test
    void everyClassFileAndCommandTheDocsNameExists() {
        Path root = Path.of(System.getProperty("tagmatch.root", "..")).toAbsolutePath().normalize();
        DocReferences refs = new DocReferences(root, DocReferences.declaredTypes(root), picocli(Main.commandLine()));
        List<String> problems = new ArrayList<>();
        for (Path doc : DocReferences.documents(root)) problems.addAll(refs.check(doc));
        assertEquals(List.of(), problems, String.join("\n", problems));
    }

    @Test
    void aRenamedClassIsReportedWhereTheDocNamesIt(@TempDir Path root) throws IOException {
        Path src = Files.createDirectories(root.resolve("core/src/main/java/tagmatch/core"));
        Files.writeString(src.resolve("RankFileScheduler.java"), "package tagmatch.core;\n\npublic final class RankFileScheduler {}\n");
        Files.writeString(root.resolve("README.md"), "# x\n\nThe `RankFileScheduler` reads a trace.\n");
        assertEquals(List.of(), check(root));

        Files.move(src.resolve("RankFileScheduler.java"), src.resolve("TraceScheduler.java"));
        Files.writeString(src.resolve("TraceScheduler.java"), "package tagmatch.core;\n\npublic final class TraceScheduler {}\n");
        assertEquals(List.of("README.md:3: no class RankFileScheduler"), check(root));
    }

    @Test
    void aQualifiedNameOrAPathInAPackageInfoMustExist(@TempDir Path root) throws IOException {
        Path src = Files.createDirectories(root.resolve("core/src/main/java/tagmatch/core"));
        Files.writeString(src.resolve("Reader.java"), "package tagmatch.core;\n\nfinal class Reader {}\n");
        Files.createDirectories(root.resolve("docs"));
        Files.writeString(src.resolve("package-info.java"),
                "/** {@link tagmatch.core.Reader} and {@link tagmatch.core.Writer#write}; see {@code docs/core.md}. */\npackage tagmatch.core;\n");
        assertEquals(List.of("core/src/main/java/tagmatch/core/package-info.java:1: no class tagmatch.core.Writer",
                "core/src/main/java/tagmatch/core/package-info.java:1: no file docs/core.md"), check(root));
    }

    @Test
    void aMissingRepositoryFileAndALinkAreReported(@TempDir Path root) throws IOException {
        Files.createDirectories(root.resolve("docs"));
        Files.createDirectories(root.resolve("data"));
        Files.writeString(root.resolve("data/here.csv"), "a\n");
        Files.writeString(root.resolve("docs/a.md"), "See `data/here.csv`, `data/gone.csv`, `DIR/results` and [b](b.md).\n");
        assertEquals(List.of("docs/a.md:1: no file data/gone.csv", "docs/a.md:1: no file b.md (linked)"), check(root));
    }

    @Test
    void anUnknownCommandOrSubcommandIsReported(@TempDir Path root) throws IOException {
        Files.writeString(root.resolve("README.md"), String.join("\n", "Run `tagmatch synth --table` and `tagmatch frobnicate`.",
                "```", "tagmatch trace analyze data/traces", "tagmatch trace analyse data/traces", "tagmatch prove counter",
                "tagmatch figure 5 --on dpa", "tagmatch figure 7", "```", ""));
        assertEquals(List.of("README.md:1: no command tagmatch frobnicate", "README.md:4: no command tagmatch trace analyse",
                "README.md:7: no command tagmatch figure 7"), check(root));
    }

    private static List<String> check(Path root) {
        DocReferences refs = new DocReferences(root, DocReferences.declaredTypes(root), tree(Map.of("synth", List.of(), "prove", List.of(),
                "trace", List.of("analyze", "verify"), "figure", List.of("5", "6", "8"))));
        List<String> problems = new ArrayList<>();
        for (Path doc : DocReferences.documents(root)) problems.addAll(refs.check(doc));
        return problems;
    }

    private static DocReferences.CommandTree tree(Map<String, List<String>> commands) {
        return new DocReferences.CommandTree() {
            @Override
            public boolean hasCommand(String name) {
                return commands.containsKey(name);
            }

            @Override
            public boolean dispatches(String command) {
                return !commands.get(command).isEmpty();
            }

            @Override
            public boolean hasSubcommand(String command, String sub) {
                return commands.get(command).contains(sub);
            }
        };
    }

    private static DocReferences.CommandTree picocli(CommandLine main) {
        return new DocReferences.CommandTree() {
            @Override
            public boolean hasCommand(String name) {
                return LAUNCHER.contains(name) || main.getSubcommands().containsKey(name);
            }

            @Override
            public boolean dispatches(String command) {
                CommandLine c = main.getSubcommands().get(command);
                return c != null && !c.getSubcommands().isEmpty() && c.getCommandSpec().positionalParameters().isEmpty();
            }

            @Override
            public boolean hasSubcommand(String command, String sub) {
                return main.getSubcommands().get(command).getSubcommands().containsKey(sub);
            }
        };
    }
}

package tagmatch.tools.docs;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** docs/architecture.md draws each module's dependencies exactly as its pom declares them, in the diagram and in the table. */
class ArchitectureModulesTest {
    @Test
    void theArchitectureDocsArrowsAndTableEqualThePoms() {
        Path root = Path.of(System.getProperty("tagmatch.root", "..")).toAbsolutePath().normalize();
        assertEquals(List.of(), check(root));
    }

    @Test
    void aDependencyThePomAddsOrTheDocInventsIsReported(@TempDir Path root) throws IOException {
        Files.writeString(root.resolve("pom.xml"), "<project><modules><module>core</module><module>sim</module><module>app</module></modules>"
                + "<dependencyManagement><dependencies><dependency><artifactId>app</artifactId></dependency></dependencies></dependencyManagement>"
                + "</project>");
        pom(root, "core", "");
        pom(root, "sim", dependency("core"));
        pom(root, "app", dependency("sim") + dependency("core") + dependency("picocli"));
        Files.createDirectories(root.resolve("docs"));
        String doc = String.join("\n", "```", " app ──► sim, core  (the command line)", " sim ──► core", " core ─► —", "```", "",
                "| module | owns | depends on |", "|---|---|---|", "| `core` | x | — |", "| `sim` | y | `core`, JNA |",
                "| `app` | z | `sim`, `core`, picocli |", "");
        Files.writeString(root.resolve("docs/architecture.md"), doc);
        assertEquals(List.of(), check(root));

        pom(root, "core", dependency("sim"));
        Files.writeString(root.resolve("docs/architecture.md"), doc.replace(" app ──► sim, core", " app ──► sim").replace("| `core` | x | — |",
                "| `core` | x | — |\n| `gone` | w | `core` |"));
        assertEquals(List.of("arrows: app: pom [core, sim], doc [sim]", "arrows: core: pom [sim], doc []",
                "table: core: pom [sim], doc []", "table: gone is no module of the root pom"), check(root));
    }

    private static List<String> check(Path root) {
        Map<String, Set<String>> poms = ModuleGraph.fromPoms(root);
        String doc = ModuleGraph.read(root.resolve("docs/architecture.md"));
        List<String> out = new java.util.ArrayList<>(ModuleGraph.differences("arrows", poms, ModuleGraph.arrows(doc, poms.keySet())));
        out.addAll(ModuleGraph.differences("table", poms, ModuleGraph.table(doc, poms.keySet())));
        return out;
    }

    private static void pom(Path root, String module, String dependencies) throws IOException {
        Files.createDirectories(root.resolve(module));
        Files.writeString(root.resolve(module).resolve("pom.xml"), "<?xml version=\"1.0\"?>\n<project><artifactId>" + module
                + "</artifactId><dependencies>" + dependencies + "</dependencies></project>\n");
    }

    private static String dependency(String artifact) {
        return "<dependency><groupId>g</groupId><artifactId>" + artifact + "</artifactId></dependency>";
    }
}

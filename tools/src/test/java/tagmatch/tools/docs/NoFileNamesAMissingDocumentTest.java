package tagmatch.tools.docs;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** No file of the project names a Markdown document that does not exist. */
class NoFileNamesAMissingDocumentTest {
    /** Tests of this package write documents that do not exist on purpose, into their own temporary roots. */
    private static final Set<Path> FIXTURES = Set.of("DocReferencesTest.java", "NoFileNamesAMissingDocumentTest.java",
            "ArchitectureModulesTest.java").stream().map(n -> Path.of("tools/src/test/java/tagmatch/tools/docs", n))
            .collect(java.util.stream.Collectors.toSet());

    @Test
    void everyDocumentAFileNamesExists() {
        Path root = Path.of(System.getProperty("tagmatch.root", "..")).toAbsolutePath().normalize();
        assertEquals(List.of(), DocumentNames.check(root, FIXTURES));
    }

    @Test
    void aDocumentThatDoesNotExistIsReportedWhereverItIsNamed(@TempDir Path root) throws IOException {
        Files.createDirectories(root.resolve("docs"));
        Files.createDirectories(root.resolve("core/src"));
        Files.writeString(root.resolve("docs/contract.md"), "# contract\n\nSee [papers](papers.md).\n");
        Files.writeString(root.resolve("docs/papers.md"), "# papers\n");
        Files.writeString(root.resolve("README.md"), "Its contract is `docs/contract.md`; it writes DIR/report/sweep.md and figure5.md.\n"
                + "As https://example.org/other.md says.\n");
        Files.writeString(root.resolve("core/src/Costs.java"), "/** The statistics of docs/contract.md. */\nclass Costs {}\n");
        assertEquals(List.of(), DocumentNames.check(root, Set.of()));

        Files.writeString(root.resolve("README.md"), "Its contract is `spec/otm.md`.\n");
        Files.writeString(root.resolve("core/src/Costs.java"), "/** The statistics of\n * otm.md. */\nclass Costs {}\n");
        assertEquals(List.of("README.md:1: no document spec/otm.md", "core/src/Costs.java:2: no document otm.md"),
                DocumentNames.check(root, Set.of()));
    }
}

package tagmatch.hdl.lib;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertTrue;

/** Every class of the standard library shows how it is used: its class comment holds a code example. */
class LibraryDocExamplesTest {
    @Test
    void everyLibraryClassCommentHasAnExample() throws IOException {
        Path dir = Path.of("src/main/java/tagmatch/hdl/lib");
        List<Path> sources;
        try (Stream<Path> s = Files.list(dir)) {
            sources = s.filter(p -> p.toString().endsWith(".java") && !p.endsWith("package-info.java")).sorted().toList();
        }
        assertTrue(sources.size() > 20, "library sources found in " + dir.toAbsolutePath() + ": " + sources);
        for (Path p : sources) {
            String text = Files.readString(p);
            String name = p.getFileName().toString().replace(".java", "");
            int decl = text.indexOf(" class " + name);
            int comment = text.lastIndexOf("/**", decl);
            assertTrue(decl > 0 && comment >= 0 && text.substring(comment, decl).contains("<pre>{@code"),
                    name + ": its class comment has no <pre>{@code ...} example");
        }
    }
}

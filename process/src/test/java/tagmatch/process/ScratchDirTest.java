package tagmatch.process;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class ScratchDirTest {
    @TempDir
    Path base;

    @BeforeEach
    void pointTheBaseHere() {
        System.setProperty(ScratchDir.BASE_PROPERTY, base.toString());
    }

    @AfterEach
    void restoreTheBase() {
        System.clearProperty(ScratchDir.BASE_PROPERTY);
    }

    @Test
    void aDirectoryIsNamedForItsPurposeAndRemovedOnClose() throws Exception {
        Path p;
        try (ScratchDir t = ScratchDir.create("synth")) {
            p = t.path();
            Files.createDirectories(p.resolve("a/b"));
            Files.writeString(p.resolve("a/b/c.v"), "module c; endmodule");
            assertEquals(base, p.getParent());
            assertTrue(p.getFileName().toString().startsWith("tagmatch-synth-"), p.toString());
        }
        assertFalse(Files.exists(p));
    }

    @Test
    void aKeptDirectoryStaysAndIsReported() throws Exception {
        List<String> said = new ArrayList<>();
        Path p;
        try (ScratchDir t = ScratchDir.create("pnr", said::add)) {
            p = t.path();
        }
        assertTrue(Files.isDirectory(p));
        assertEquals(List.of("kept temporary files in " + p), said);
        ScratchDir.delete(p);
        assertFalse(Files.exists(p));
    }

    @Test
    void deletingWhatIsNotThereIsNoError() {
        ScratchDir.delete(base.resolve("never-made"));
        ScratchDir.delete(null);
    }
}

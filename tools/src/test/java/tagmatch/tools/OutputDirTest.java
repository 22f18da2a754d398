package tagmatch.tools;

import tagmatch.process.UsageError;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class OutputDirTest {
    @TempDir
    Path tmp;

    private static void generate(Path dir, boolean force, String group, String... files) throws IOException {
        try (OutputDir out = OutputDir.claim(dir, force, "--out")) {
            for (String f : files) Files.writeString(out.staging().resolve(f), group + ":" + f);
            out.commit(group);
        }
    }

    @Test
    void aForeignFileIsNamedAndKeptUnlessForced() throws IOException {
        Path dir = Files.createDirectories(tmp.resolve("d"));
        Files.writeString(dir.resolve("Makefile"), "mine");
        UsageError e = assertThrows(UsageError.class, () -> generate(dir, false, "fw", "Makefile", "otm.c"));
        assertTrue(e.getMessage().contains("holds files tagmatch did not write (Makefile)") && e.getMessage().contains("--force"),
                e.getMessage());
        assertEquals("mine", Files.readString(dir.resolve("Makefile")));
        assertFalse(Files.exists(dir.resolve("otm.c")));
        generate(dir, true, "fw", "Makefile", "otm.c");
        assertEquals("fw:Makefile", Files.readString(dir.resolve("Makefile")));
    }

    @Test
    void regeneratingRemovesTheGroupsStaleFilesOnly() throws IOException {
        Path dir = tmp.resolve("v");
        generate(dir, false, "alpu_prq", "alpu_prq.v", "alpu_prq_Cell.v", "alpu_prq_Old.v");
        generate(dir, false, "alpu_umq", "alpu_umq.v");
        generate(dir, false, "alpu_prq", "alpu_prq.v", "alpu_prq_Cell.v");
        assertFalse(Files.exists(dir.resolve("alpu_prq_Old.v")), "a stale file of the earlier configuration");
        assertTrue(Files.exists(dir.resolve("alpu_umq.v")), "another group's file");
        generate(dir, false, "alpu_prq", "alpu_prq.v"); // our own files are never "foreign"
    }

    @Test
    void nothingIsWrittenWhenTheGeneratorFails() {
        Path dir = tmp.resolve("new");
        assertThrows(IllegalStateException.class, () -> {
            try (OutputDir out = OutputDir.claim(dir, false, "--out")) {
                Files.writeString(out.staging().resolve("half.v"), "module");
                throw new IllegalStateException("generator failed");
            }
        });
        assertFalse(Files.exists(dir), "the directory made by the claim is removed again");
    }

    @Test
    void subdirectoriesWrittenByTagmatchAreNotForeign() throws IOException {
        Path root = tmp.resolve("verilog-out");
        generate(root.resolve("lib").resolve("fifo"), false, "fifo", "SyncFifo.v");
        generate(root, false, "alpu_prq", "alpu_prq.v");
        assertTrue(Files.exists(root.resolve("alpu_prq.v")));
    }
}

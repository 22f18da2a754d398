package tagmatch.dpa.conformance;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import tagmatch.dpa.BareMetal;
import tagmatch.dpa.DpaConfig;
import tagmatch.dpa.DpaResult;
import tagmatch.dpa.DpaRun;
import tagmatch.dpa.ElfImage;

/** Programs of several harts on the default cluster, checked by their results: atomics, locks and fences. */
class MultiHartProgramsTest {
    static DpaRun dpa;

    @TempDir
    Path dir;

    @BeforeAll
    static void build() {
        dpa = DpaRun.build(DpaConfig.defaults());
    }

    @AfterAll
    static void close() {
        dpa.close();
    }

    @ParameterizedTest(name = "{0} on {1} harts")
    @CsvSource({"amo_counter, 32, 6400 6400", "amo_counter, 5, 1000 1000", "lrsc_lock, 32, 3200 6400", "lrsc_lock, 3, 300 600",
        "message_passing, 32, all messages intact", "message_passing, 9, all messages intact"})
    void runsToTheExpectedResult(String program, int harts, String console) throws IOException {
        Path src = dir.resolve(program + ".c");
        try (InputStream in = getClass().getResourceAsStream(program + ".c")) {
            Files.copy(in, src, StandardCopyOption.REPLACE_EXISTING);
        }
        Path elf = BareMetal.compile(List.of(src), dir.resolve(program + ".elf"), List.of("-O2", "-DHARTS=" + harts));
        DpaResult r = dpa.run(ElfImage.read(elf, dpa.config().ramBytes()), DpaRun.Options.defaults().withHarts(harts));
        assertEquals(console + "\n", r.console(), program + " on " + harts + " harts: " + r);
        assertEquals(DpaResult.Outcome.EXIT, r.outcome());
        assertEquals(0, r.exitCode());
    }
}

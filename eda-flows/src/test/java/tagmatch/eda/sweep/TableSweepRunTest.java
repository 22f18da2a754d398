package tagmatch.eda.sweep;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tagmatch.alpu.Variant;
import tagmatch.process.ProgressMeter;
import tagmatch.process.UsageError;

class TableSweepRunTest {
    private static final Sweep RTL_ONLY = new Sweep(new Grid(List.of(Variant.PRQ), List.of(4), List.of(2), List.of(4), List.of(2), List.of(4)),
            Steps.of(List.of("rtl")), List.of(1L), 100, "xc2vp", 1, null);

    private static String refused(TableSweepRun run, SweepSpecs.Reader reader) {
        return assertThrows(UsageError.class, () -> run.run(reader, new PrintWriter(new StringWriter()), ProgressMeter.Factory.NONE)).getMessage();
    }

    @Test
    void aSpecThatIsNoFileOrHasNoSynthStepIsRefusedBeforeAnyWork(@TempDir Path dir) throws Exception {
        Path missing = dir.resolve("missing.sweep");
        assertEquals("--spec must be a sweep spec file, got " + missing,
                refused(new TableSweepRun(missing, dir.resolve("out"), null, List.of(), 1, false), (lines, source) -> RTL_ONLY));
        Path spec = Files.writeString(dir.resolve("rtl.sweep"), "--steps=rtl\n");
        assertEquals("--spec " + spec + " has no synth step (--steps=...,synth), so it makes no table",
                refused(new TableSweepRun(spec, dir.resolve("out"), null, List.of(), 1, false), (lines, source) -> RTL_ONLY));
        assertEquals(false, Files.exists(dir.resolve("out")));
    }

    @Test
    void theDefaultSpecIsTheSeedsTablesReadFromTheJar() {
        List<String> read = new ArrayList<>();
        refused(new TableSweepRun(null, null, null, List.of(), 1, false), (lines, source) -> {
            read.add(source);
            read.addAll(lines.stream().filter(l -> l.startsWith("--")).toList());
            return RTL_ONLY;
        });
        assertEquals(List.of("data/sweeps/table-iv-v.sweep", "--variant=prq,umq", "--cells=256,128", "--block=8,16,32", "--match-width=42",
                "--tag-width=16", "--steps=rtl,synth", "--family=xc2vp"), read);
    }
}

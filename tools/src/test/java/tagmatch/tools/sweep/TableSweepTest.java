package tagmatch.tools.sweep;

import tagmatch.eda.sweep.ResultLine;
import tagmatch.eda.sweep.ResultStore;
import tagmatch.eda.sweep.SweepSpecs;
import tagmatch.eda.sweep.TableSweep;
import tagmatch.eda.sweep.TaskVerdict;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tagmatch.alpu.rtl.ReferenceDesigns;
import tagmatch.tools.CliRun;

/**
 * {@code tagmatch synth --table} runs through the sweep machinery: a spec's rtl and synth tasks
 * into a results directory that {@code tagmatch sweep} shares, resumable, on the local pool, and
 * prints the same table from the stored lines. A two-design spec stands for the twelve of
 * Tables IV/V (a 256-cell synthesis takes minutes).
 */
class TableSweepTest {
    private static final List<String> SPEC = List.of("# two tiny designs", "--variant=prq,umq", "--cells=4", "--block=2",
            "--match-width=3", "--tag-width=2", "--steps=rtl,synth");

    private static Map<String, String> lines(Path out) throws Exception {
        Map<String, String> m = new TreeMap<>();
        try (Stream<Path> s = Files.list(out.resolve("results"))) {
            for (Path p : s.toList()) m.put(p.getFileName().toString(), Files.readString(p));
        }
        return m;
    }

    private static String table(String printed) {
        return printed.substring(printed.indexOf("| variant |"), printed.indexOf("results in "));
    }

    @Test
    void theTableIsASweepItsLinesResumeAndSweepSharesTheDirectory(@TempDir Path dir) throws Exception {
        Path spec = dir.resolve("tiny.sweep");
        Files.write(spec, SPEC);
        Path out = dir.resolve("out");

        CliRun first = new CliRun();
        assertEquals(0, first.run("synth", "--table", "--spec", spec.toString(), "--out", out.toString(), "--jobs", "2"),
                first.out + "" + first.err);
        String said = first.out.toString();
        assertTrue(said.contains("synth --table: 2 designs (xc2vp); 4 tasks, 0 already done in " + out.toAbsolutePath() + ", 4 to run on "), said);
        ResultStore store = ResultStore.existing(out);
        for (String v : List.of("prq", "umq")) {
            String key = v + "-4x2-m3-t2-f4";
            ResultLine synth = store.read(key + ".synth").orElseThrow();
            assertEquals(TaskVerdict.PASS, synth.verdict());
            assertTrue(store.read(key + ".rtl").orElseThrow().verdict() == TaskVerdict.PASS);
            int luts = synth.number("luts").intValue();
            int ffs = synth.number("flip_flops").intValue();
            int depth = synth.number("lut_depth").intValue();
            assertTrue(said.contains(key + " (xc2vp): " + luts + " LUTs, " + ffs + " FFs, LUT depth " + depth + "  ["), said);
            // No prototype of the paper has 4 cells: its columns are empty.
            assertTrue(said.contains("| " + v.toUpperCase() + " | 4 | 2 | - | - | - | " + luts + " | " + ffs + " | " + depth + " | - | - |\n"), said);

            if (v.equals("umq")) continue;
            // The figure is the one tagmatch synth prints for the same configuration alone.
            CliRun alone = new CliRun();
            assertEquals(0, alone.run("synth", "--variant", v, "--cells", "4", "--block", "2", "--match-width", "3", "--tag-width", "2"),
                    alone.err.toString());
            assertTrue(alone.out.toString().contains("alpu_" + v + " (xc2vp): " + luts + " LUTs, " + ffs + " FFs, LUT depth " + depth + "\n"),
                    alone.out.toString());
        }
        Map<String, String> before = lines(out);
        assertEquals(4, before.size(), before.keySet().toString());

        // tagmatch sweep on the same spec sees the same sweep, with nothing left to do.
        CliRun sweep = new CliRun();
        assertEquals(0, sweep.run("sweep", "@" + spec, "--out", out.toString()), sweep.out + "" + sweep.err);
        assertTrue(sweep.out.toString().contains("4 tasks, 4 already done, 0 to run"), sweep.out.toString());

        // Again: nothing runs, the same table comes from the stored lines.
        CliRun again = new CliRun();
        assertEquals(0, again.run("synth", "--table", "--spec", spec.toString(), "--out", out.toString()), again.err.toString());
        assertTrue(again.out.toString().contains("4 tasks, 4 already done in " + out.toAbsolutePath() + ", 0 to run"), again.out.toString());
        assertTrue(again.out.toString().contains("LUT depth ") && again.out.toString().contains(" s] (earlier run)"), again.out.toString());
        assertEquals(table(said), table(again.out.toString()));
        assertEquals(before, lines(out));
    }

    @Test
    void onlyRunsTheNamedDesignsAndOtherSweepsAreRefused(@TempDir Path dir) throws Exception {
        Path spec = dir.resolve("tiny.sweep");
        Files.write(spec, SPEC);
        Path out = dir.resolve("out");
        CliRun one = new CliRun();
        assertEquals(0, one.run("synth", "--table", "--spec", spec.toString(), "--out", out.toString(), "--only", "umq-4x2-m3-t2-f4"),
                one.out + "" + one.err);
        assertTrue(one.out.toString().contains("1 designs (xc2vp); 2 tasks, 0 already done"), one.out.toString());
        assertEquals(List.of("umq-4x2-m3-t2-f4.rtl.json", "umq-4x2-m3-t2-f4.synth.json"), List.copyOf(lines(out).keySet()));
        Matcher rows = Pattern.compile("^\\| (PRQ|UMQ) \\|", Pattern.MULTILINE).matcher(one.out.toString());
        assertTrue(rows.find() && rows.group(1).equals("UMQ") && !rows.find(), one.out.toString());

        // Another family is another sweep: not into the same directory.
        CliRun other = new CliRun();
        assertEquals(2, other.run("synth", "--table", "--spec", spec.toString(), "--out", out.toString(), "--family", "xc7"));
        assertTrue(other.err.toString().startsWith("tagmatch synth: --out " + out.toAbsolutePath() + " holds another sweep"), other.err.toString());
    }

    @Test
    void badTableOptionsAreNamedBeforeAnyWork(@TempDir Path dir) throws Exception {
        CliRun unknown = new CliRun();
        assertEquals(2, unknown.run("synth", "--table", "--only", "alpu_prq_512x8", "--out", dir.resolve("a").toString()));
        assertTrue(unknown.err.toString().startsWith("tagmatch synth: --only names 'alpu_prq_512x8', which is no design of the table; "
                + "they are [alpu_prq_256x8, alpu_prq_256x16,"), unknown.err.toString());

        CliRun missing = new CliRun();
        assertEquals(2, missing.run("synth", "--table", "--spec", dir.resolve("none.sweep").toString()));
        assertEquals("tagmatch synth: --spec must be a sweep spec file, got " + dir.resolve("none.sweep") + "\n", missing.err.toString());

        Path noSynth = dir.resolve("rtl-only.sweep");
        Files.write(noSynth, List.of("--cells=4", "--block=2", "--steps=rtl"));
        CliRun rtl = new CliRun();
        assertEquals(2, rtl.run("synth", "--table", "--spec", noSynth.toString()));
        assertEquals("tagmatch synth: --spec " + noSynth + " has no synth step (--steps=...,synth), so it makes no table\n", rtl.err.toString());

        for (String[] lone : List.of(new String[] {"--out", "x"}, new String[] {"--jobs", "2"}, new String[] {"--retry-failed"},
                new String[] {"--spec", "x"})) {
            CliRun c = new CliRun();
            String[] args = Stream.concat(Stream.of("synth"), Stream.of(lone)).toArray(String[]::new);
            assertEquals(2, c.run(args));
            assertEquals("tagmatch synth: " + lone[0] + " only applies with --table\n", c.err.toString());
        }
        CliRun jobs = new CliRun();
        assertEquals(2, jobs.run("synth", "--table", "--jobs", "0", "--out", dir.resolve("b").toString()));
        assertEquals("tagmatch synth: --jobs must be >= 1, got 0\n", jobs.err.toString());
        try (Stream<Path> s = Files.list(dir)) {
            assertEquals(List.of(noSynth), s.toList(), "nothing written by a refused command");
        }
    }

    @Test
    void theDefaultTableIsTheSeedsTwelveUnderTheirReferenceNames() {
        TableSweep t = TableSweep.of(SweepCommand.parseSpec(SweepSpecs.lines(SweepSpecs.TABLE_IV_V), "data/sweeps/table-iv-v.sweep"), "data/sweeps/table-iv-v.sweep", List.of());
        assertEquals(ReferenceDesigns.all().stream().map(ReferenceDesigns.Design::top).toList(),
                t.entries().stream().map(TableSweep.Entry::name).toList());
        assertEquals(24, t.tasks().size());
        TableSweep two = TableSweep.of(SweepCommand.parseSpec(SweepSpecs.lines(SweepSpecs.TABLE_IV_V), "data/sweeps/table-iv-v.sweep"), "x", List.of("alpu_umq_128x32", "alpu_prq_256x8"));
        assertEquals(List.of("alpu_prq_256x8", "alpu_umq_128x32"), two.entries().stream().map(TableSweep.Entry::name).toList());
    }
}

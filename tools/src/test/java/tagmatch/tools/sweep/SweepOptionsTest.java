package tagmatch.tools.sweep;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tagmatch.tools.CliRun;

/** Every bad option of {@code tagmatch sweep} is one usage line, exit 2, before anything is written. */
class SweepOptionsTest {
    private static final String[] GRID = {"sweep", "--cells", "4", "--block", "2", "--match-width", "4", "--tag-width", "2"};

    private static void refused(Path dir, String expected, String... extra) {
        Path out = dir.resolve("out");
        List<String> args = new ArrayList<>(List.of(GRID));
        args.addAll(List.of("--out", out.toString()));
        args.addAll(List.of(extra));
        CliRun cli = new CliRun();
        assertEquals(2, cli.run(args.toArray(String[]::new)), cli.err.toString());
        assertEquals("tagmatch sweep: " + expected, cli.err.toString().strip());
        assertFalse(Files.exists(out), "nothing written for " + List.of(extra));
    }

    @Test
    void badGridStepsSeedsAndRunOptionsNameTheOptionAndWriteNothing(@TempDir Path dir) {
        refused(dir, "--block must be a power of two in 2..CELLS, got 8 (CELLS = 4) "
                + "(the grid holds PRQ 4 cells, block 8, match 4, tag 2, FIFO depth 4)", "--block", "2,8");
        refused(dir, "--fifo-depth must be a power of two >= 2, got 3 "
                + "(the grid holds PRQ 4 cells, block 2, match 4, tag 2, FIFO depth 3)", "--fifo-depth", "3");
        refused(dir, "--variant must be prq or umq, got 'lifo'", "--variant", "prq,lifo");
        refused(dir, "--steps must be among rtl, synth, pnr, cosim, prove, got 'place'", "--steps", "rtl,place");
        refused(dir, "--seeds must list seeds or ranges a..b with a <= b, got '5..1'", "--seeds", "5..1");
        refused(dir, "--ops must be >= 1, got 0", "--ops", "0");
        refused(dir, "--family must be one of " + String.join(", ", tagmatch.eda.synth.YosysSynth.FAMILIES) + ", got 'ice40'",
                "--family", "ice40");
        refused(dir, "--shard must be i/n with 1 <= i <= n, got 3/2", "--shard", "3/2");
        refused(dir, "--jobs must be >= 1, got 0", "--jobs", "0");
        refused(dir, "--mem-per-worker must be >= 64, got 10", "--mem-per-worker", "10");
    }

    @Test
    void slurmOptionsAreCheckedAndOnlyApplyWithSlurm(@TempDir Path dir) {
        refused(dir, "--partition only applies with --slurm", "--partition", "batch");
        refused(dir, "--account, --cpus-per-task, --poll only apply with --slurm", "--poll", "5", "--account", "hw", "--cpus-per-task", "2");
        refused(dir, "--print-sbatch only applies with --slurm", "--print-sbatch");
        refused(dir, "--partition must be a Slurm partition name ([A-Za-z0-9_.+-]), got 'a b'", "--slurm", "--partition", "a b");
        refused(dir, "--account must be a Slurm account name ([A-Za-z0-9_.+-]), got 'x;rm'", "--slurm", "--account", "x;rm");
        refused(dir, "--time-limit must be in Slurm's format (minutes, MM:SS, HH:MM:SS, D-HH, D-HH:MM, D-HH:MM:SS), got '2h'",
                "--slurm", "--time-limit", "2h");
        refused(dir, "--cpus-per-task must be in 1..4096, got 0", "--slurm", "--cpus-per-task", "0");
        refused(dir, "--array-tasks must be in 1..3, got 4", "--slurm", "--array-tasks", "4");
        refused(dir, "--max-running must be in 1..3, got 9", "--slurm", "--max-running", "9");
        refused(dir, "--shard only applies without --slurm (each array task picks its own shard), got 1/2", "--slurm", "--shard", "1/2");
    }

    @Test
    void outIsRequiredAndADirectoryOfAnotherSweepIsRefused(@TempDir Path dir) throws Exception {
        CliRun cli = new CliRun();
        assertEquals(2, cli.run(GRID));
        assertEquals("tagmatch sweep: --out is required: the results directory", cli.err.toString().strip());

        Path out = dir.resolve("out");
        CliRun first = new CliRun();
        assertEquals(0, first.run("sweep", "--cells", "4", "--block", "2", "--match-width", "4", "--tag-width", "2", "--steps", "rtl",
                "--out", out.toString()), first.err.toString());
        String before = Files.readString(out.resolve("sweep.args"));
        CliRun other = new CliRun();
        assertEquals(2, other.run("sweep", "--cells", "8", "--block", "2", "--match-width", "4", "--tag-width", "2", "--steps", "rtl",
                "--out", out.toString()));
        assertTrue(other.err.toString().startsWith("tagmatch sweep: --out " + out.toAbsolutePath() + " holds another sweep (--variant=prq --cells=4 "),
                other.err.toString());
        assertEquals(before, Files.readString(out.resolve("sweep.args")));
        assertFalse(Files.exists(out.resolve("results").resolve("prq-8x2-m4-t2-f4.rtl.json")));
    }

    @Test
    void printSbatchWritesAJobArrayOfShardsOfTheSameSweepAndSubmitsNothing(@TempDir Path dir) throws Exception {
        Path out = dir.resolve("out");
        CliRun cli = new CliRun();
        assertEquals(0, cli.run("sweep", "--cells", "4,8", "--block", "2", "--match-width", "4", "--tag-width", "2", "--variant", "prq,umq",
                "--out", out.toString(), "--slurm", "--print-sbatch", "--partition", "batch", "--account", "hw-42",
                "--time-limit", "1-02:00:00", "--cpus-per-task", "4", "--array-tasks", "5", "--max-running", "2"), cli.err.toString());
        String script = Files.readString(out.resolve("slurm").resolve("sweep.sbatch"));
        assertEquals(script + "# written to " + out.toAbsolutePath().resolve("slurm").resolve("sweep.sbatch") + "\n", cli.out.toString());
        Path abs = out.toAbsolutePath();
        for (String line : List.of("#!/bin/bash", "#SBATCH --array=1-5%2", "#SBATCH --cpus-per-task=4", "#SBATCH --mem=8192M",
                "#SBATCH --time=1-02:00:00", "#SBATCH --partition=batch", "#SBATCH --account=hw-42",
                "#SBATCH --output=" + abs.resolve("slurm").resolve("shard-%a.log"))) {
            assertTrue(script.lines().anyMatch(line::equals), line + " in\n" + script);
        }
        String exec = script.lines().filter(l -> l.startsWith("exec ")).findFirst().orElseThrow();
        assertTrue(exec.contains("'tagmatch.tools.Main' 'sweep' '@" + abs.resolve("sweep.args") + "' '--out=" + abs + "'"
                + " --shard=\"${SLURM_ARRAY_TASK_ID}/5\" --jobs=\"${SLURM_CPUS_PER_TASK:-1}\" --mem-per-worker=2048"), exec);
        assertEquals(List.of("--variant=prq,umq", "--cells=4,8", "--block=2", "--match-width=4", "--tag-width=2", "--fifo-depth=4",
                        "--steps=rtl,synth,cosim", "--seeds=1", "--ops=20000", "--family=xc2vp"),
                Files.readAllLines(out.resolve("sweep.args")).stream().filter(l -> !l.startsWith("#")).toList());
        assertFalse(Files.exists(out.resolve("results").resolve("prq-4x2-m4-t2-f4.rtl.json")), "--print-sbatch runs nothing");
    }
}

package tagmatch.tools;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tagmatch.eda.prove.ProveTarget;
import tagmatch.eda.prove.ProveTargets;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code tagmatch prove}: its options, its listing and the fault {@code --broken} picks (the proofs themselves: {@code TargetProofTest}). */
class ProveCommandTest {
    @Test
    void brokenWithoutANumberIsTheFirstFault() {
        CliRun r = new CliRun();
        ProveTarget t = ProveTargets.named("counter");
        assertEquals(1, r.run("prove", "counter", "--broken"), r.out.toString() + r.err);
        assertTrue(r.out.toString().contains("BROKEN ON PURPOSE: " + t.fault(1).description()), r.out.toString());
    }

    @Test
    void listShowsEveryTargetWithItsDepthModeAndFault() {
        CliRun r = new CliRun();
        assertEquals(0, r.run("prove", "--list"));
        for (ProveTarget t : ProveTargets.all()) {
            assertTrue(r.out.toString().contains(t.name()), r.out.toString());
            for (int n = 1; n <= t.faults().size(); n++)
                assertTrue(r.out.toString().contains((n == 1 ? "--broken:   " : "--broken=" + n + ": ") + t.fault(n).description()), r.out.toString());
        }
    }

    @Test
    void badInputIsOneLineWithExitTwoAndNoProofRuns(@TempDir Path dir) {
        String[][] cases = {
                {"prove", "nosuch"},
                {"prove"},
                {"prove", "--list", "fifo"},
                {"prove", "counter", "--depth", "0"},
                {"prove", "counter", "--depth", "201"},
                {"prove", "counter", "--depth", "deep"},
                {"prove", "counter", "--solver", "boolector"},
                {"prove", "counter", "--solver", "yices"},
                {"prove", "counter", "--vcd", dir.resolve("missing/x.vcd").toString()},
                {"prove", "counter", "--vcd", dir.toString()},
                {"prove", "counter", "--broken=2"},
                {"prove", "alpu-prq", "--broken=0"},
        };
        String[] expect = {"TARGET must be one of counter, fifo,", "TARGET is missing", "--list takes no TARGET, got fifo",
                "--depth must be in 1..200, got 0", "--depth must be in 1..200, got 201", "--depth", "--solver boolector is not usable",
                "--solver must be one of [cvc5, z3], got yices", "--vcd " + dir.resolve("missing/x.vcd") + " cannot be written",
                "--vcd must name a file, but " + dir + " is a directory", "--broken must be in 1..1, got 2",
                "--broken must be in 1..3, got 0"};
        for (int i = 0; i < cases.length; i++) {
            CliRun r = new CliRun();
            assertEquals(2, r.run(cases[i]), String.join(" ", cases[i]));
            String err = r.err.toString().strip();
            assertTrue(err.startsWith("tagmatch prove: ") && err.contains(expect[i]) && !err.contains("\n"), err);
            assertEquals("", r.out.toString(), "nothing printed before the input is checked");
        }
        assertFalse(Files.exists(dir.resolve("missing")));
    }
}

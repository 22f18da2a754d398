package tagmatch.tools.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;
import tagmatch.tools.Main;

class ModelBenchTest {
    private static String[] run(String... args) {
        CommandLine cl = Main.commandLine();
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        cl.setOut(new PrintWriter(out));
        cl.setErr(new PrintWriter(err));
        int code = cl.execute(args);
        return new String[] {String.valueOf(code), out.toString(), err.toString()};
    }

    @Test
    void printsOneRowPerStrategyWithRatioAndInspectedPerOp() {
        String[] r = run("bench", "model", "--depths", "16", "--workloads", "burst", "--strategies",
                "linked-list,single-hash", "--reps", "1", "--warmup", "0", "--min-ms", "1");
        assertEquals("0", r[0], r[2]);
        assertTrue(r[1].contains("| burst | 16 | linked-list | "), r[1]);
        // Burst: every arrival finds its receive at the head; posts in the posting round inspect nothing.
        assertTrue(r[1].matches("(?s).*\\| burst \\| 16 \\| linked-list \\| [0-9,]+ \\| 1\\.00 \\| 0\\.50 \\| 16 \\|.*"), r[1]);
        assertTrue(r[1].contains("| burst | 16 | single-hash | "), r[1]);
    }

    @Test
    void unknownStrategyIsAOneLineErrorNamingTheLegalOnes() {
        String[] r = run("bench", "model", "--strategies", "bogus");
        assertEquals("2", r[0]);
        assertTrue(r[2].contains("--strategies must be among linked-list, per-source"), r[2]);
    }
}

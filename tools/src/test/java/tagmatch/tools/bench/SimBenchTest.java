package tagmatch.tools.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;
import tagmatch.tools.CliRun;

/** {@code --runs} is refused outside its range in one line, before any build or run. */
class SimBenchTest {
    @Test
    void runsOutsideItsRangeIsAOneLineErrorNamingIt() {
        for (String bad : new String[] {"0", "100"}) {
            CliRun cli = new CliRun();
            assertEquals(2, cli.run("bench", "sim", "--runs", bad));
            assertEquals("tagmatch bench sim: --runs must be in 1..99, got " + bad, cli.err.toString().strip());
        }
    }
}

package tagmatch.tools.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import tagmatch.tools.CliRun;

class ModelBenchTest {
    @Test
    void unknownStrategyIsAOneLineErrorNamingTheLegalOnes() {
        CliRun cli = new CliRun();
        assertEquals(2, cli.run("bench", "model", "--strategies", "bogus"));
        assertTrue(cli.err.toString().contains("--strategies must be among linked-list, per-source"), cli.err.toString());
    }
}

package tagmatch.tools.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;
import tagmatch.tools.CliRun;

class MatcherBenchRunTest {
    private static void assertUsage(String expected, String... args) {
        CliRun cli = new CliRun();
        assertEquals(2, cli.run(args), cli.err.toString());
        assertEquals(expected, cli.err.toString().strip());
    }

    @Test
    void anUnknownMatcherOrAnIllegalUnitOrAUnitWithoutMatchersIsRefusedBeforeAnyWork() {
        assertUsage("tagmatch bench dpa: --matcher must be among list,alpu,otm,hybrid, got fpga", "bench", "dpa", "--matcher", "list,fpga");
        assertUsage("tagmatch bench dpa: --cells must be a multiple of 16 in 16..4096, got 40", "bench", "dpa", "--matcher", "alpu", "--cells", "40");
        assertUsage("tagmatch bench dpa: --cells must be in 16..4096, got 8192", "bench", "dpa", "--matcher", "alpu", "--cells", "8192");
        assertUsage("tagmatch bench dpa: --png and --cells must come with --matcher, got --cells 64 alone", "bench", "dpa", "--cells", "64");
        assertUsage("tagmatch bench dpa: --host-latency must be in 0..4095, got 9999", "bench", "dpa", "--host-latency", "9999");
        assertUsage("tagmatch bench dpa: --line-bytes must be a power of two in 8..4096, got 12", "bench", "dpa", "--line-bytes", "12");
    }
}

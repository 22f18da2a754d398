package tagmatch.tools;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** {@code --sim} and {@code --jobs} of the commands that simulate the DPA cluster: what each refuses, in one line. */
class SimAndJobsOptionsTest {
    private static String refused(String... args) {
        CliRun cli = new CliRun();
        assertEquals(2, cli.run(args), cli.err.toString());
        return cli.err.toString().strip();
    }

    @Test
    void aSimulatorOtherThanCompiledOrVerilatorIsRefusedNamingBoth() {
        assertEquals("tagmatch figure 8: --sim must be one of compiled, verilator, got 'interpreter'",
                refused("figure", "8", "--on", "dpa", "--sim", "interpreter"));
        assertEquals("tagmatch dpa run: --sim must be one of compiled, verilator, got 'qemu'", refused("dpa", "run", "x.elf", "--sim", "qemu"));
    }

    @Test
    void theClustersSimulatorAndJobsOfAFigureApplyOnTheDpaOnly() {
        assertEquals("tagmatch figure 8: --sim applies to --on dpa only, got it with --on host", refused("figure", "8", "--sim", "compiled"));
        assertEquals("tagmatch figure 5: --jobs applies to --on dpa only, got it with --on host", refused("figure", "5", "--jobs", "2"));
    }

    @Test
    void benchDpaTakesJobsOnlyForTheMatchersRuns() {
        assertEquals("tagmatch bench dpa: --jobs must come with --matcher (its runs are the ones simulated at once), got --jobs alone",
                refused("bench", "dpa", "--jobs", "2"));
        assertEquals("tagmatch bench dpa: --jobs must be >= 1, got 0", refused("bench", "dpa", "--matcher", "list", "--jobs", "0"));
    }
}

package tagmatch.eda.prove;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tagmatch.sim.Vcd;

/** {@code tagmatch prove}'s service: every target proves, each of its broken twins fails with a counterexample. */
class TargetProofTest {
    /** What a proof printed, and how it ended. */
    private record Run(String out, ProofReport report) {}

    private static Run prove(ProveTarget t, Integer broken, Path vcd, Path work) throws Exception {
        StringWriter out = new StringWriter();
        ProofReport r = new TargetProof(t, t.depth(), broken, null, vcd).prove(Files.createDirectories(work), new PrintWriter(out, true));
        return new Run(out.toString(), r);
    }

    @Test
    void everyTargetIsProvenAndEveryCoverReached(@TempDir Path dir) throws Exception {
        for (ProveTarget t : ProveTargets.all()) {
            if (!t.inCi()) continue; // minutes each: proven by command, timings in docs/formal.md; their faults run below
            Run r = prove(t, null, null, dir.resolve(t.name()));
            assertTrue(r.report().ok(), t.name() + ":\n" + r.out());
            assertTrue(r.out().contains(t.unbounded() ? "PROVEN:" : "BOUNDED:"), r.out());
            assertTrue(r.out().contains("covers reached within"), r.out());
            assertFalse(r.out().contains("never reached"), r.out());
        }
    }

    @Test
    void everyBrokenTargetFailsWithACounterexampleNamingTheProperty(@TempDir Path dir) throws Exception {
        for (ProveTarget t : ProveTargets.all()) {
            for (int n = 1; n <= t.faults().size(); n++) {
                Path vcd = dir.resolve(t.name() + "-" + n + ".vcd");
                Run r = prove(t, n, vcd, dir.resolve(t.name() + "-" + n));
                String out = r.out();
                assertFalse(r.report().ok(), t.name() + " fault " + n + ":\n" + out);
                assertTrue(out.contains("BROKEN ON PURPOSE: " + t.fault(n).description()), out);
                assertTrue(out.matches("(?s).*(bmc|pdr) +FAILED at step \\d+: assert \"[^\"]+\" @\\[\\w+(Properties|Rules)\\.java:\\d+\\].*"), out);
                assertTrue(out.contains("FAILED: counterexample"), out);
                assertTrue(out.matches("(?s).*\\n +cycle .*\\n +0 .*"), "a table with a row per cycle:\n" + out);
                Vcd trace = Vcd.read(vcd);
                assertTrue(trace.signals().keySet().stream().anyMatch(x -> x.startsWith("tagmatch_formal.")), trace.signals().keySet().toString());
            }
        }
    }

    @Test
    void theListingNamesEveryTargetWithItsDepthMethodAndFaults() {
        String listing = TargetProof.listing();
        for (ProveTarget t : ProveTargets.all()) {
            assertTrue(listing.lines().anyMatch(l -> l.startsWith(String.format("%-18s depth %-3d %-10s ", t.name(), t.depth(), t.method().label()))),
                    t.name() + " in\n" + listing);
            for (ProveTarget.Fault f : t.faults()) assertTrue(listing.contains(f.description()), f.description());
        }
    }

    @Test
    void propertiesAreCountedByKindOverEveryModule() {
        PropertyCounts fifo = PropertyCounts.of(ProveTargets.named("fifo").circuit().get());
        assertEquals(new PropertyCounts(6, 0, 2), fifo);
        assertEquals("6 assertions, 0 assumptions, 2 covers", fifo.toString());
    }
}

package tagmatch.eda.prove;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class TargetProofTest {
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

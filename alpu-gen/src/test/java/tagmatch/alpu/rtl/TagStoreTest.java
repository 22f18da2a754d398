package tagmatch.alpu.rtl;

import org.junit.jupiter.api.Test;
import tagmatch.alpu.AlpuConfig;
import tagmatch.alpu.Variant;
import tagmatch.hdl.core.Elaborator;
import tagmatch.hdl.ir.Circuit;
import tagmatch.sim.Simulator;
import tagmatch.sim.backends.Simulators;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@link TagStore} on the interpreter, used as the ALPU uses it: an INSERT allocates (never more
 * slots than cells, never in the cycle a match frees one), a match frees a slot in use, a RESET
 * clears. Checked against a plain model: a slot handed out is never one in use; the slot freed in
 * the cycle before goes first, then the others in the order they were freed, then fresh slots
 * counting up from 0 after a reset; a lookup answers, one cycle later, with the tag last written
 * to that slot.
 */
class TagStoreTest {
    private static final AlpuConfig CFG = AlpuConfig.of(16, 4, 8, 12, Variant.PRQ); // 4-bit slots, 12-bit tags

    @Test
    void slotsAreNeverHandedOutTwiceAndLookupsReturnTheirTags() {
        assertTrue(AlpuTiming.slotTags(CFG));
        Circuit c = Elaborator.elaborate(() -> new TagStore(CFG));
        int slots = 1 << AlpuTiming.slotWidth(CFG);
        Random rnd = new Random(12);
        Set<Integer> inUse = new HashSet<>();
        Map<Integer, Integer> tagOf = new HashMap<>();
        Deque<Integer> freed = new ArrayDeque<>();
        Integer pending = null; // freed in the cycle before
        int fresh = 0;
        int reused = 0;
        int freshTaken = 0;
        int lookups = 0;
        Integer expectTag = null;
        try (Simulator s = Simulators.interpreter(c)) {
            s.reset();
            for (int cycle = 0; cycle < 4000; cycle++) {
                boolean alloc = false;
                boolean release = false;
                boolean clear = false;
                int choice = rnd.nextInt(100);
                // Phases that fill the unit and drain it, so both fresh and freed slots are taken.
                boolean filling = (cycle / 300) % 2 == 0;
                if (choice < 2) {
                    clear = true;
                } else if (choice < (filling ? 60 : 30) && inUse.size() < CFG.cells() - 1) {
                    alloc = true;
                } else if (choice < 90 && !inUse.isEmpty()) {
                    release = true;
                }
                List<Integer> used = new ArrayList<>(inUse);
                int releaseSlot = release ? used.get(rnd.nextInt(used.size())) : rnd.nextInt(slots);
                int tag = rnd.nextInt(1 << CFG.tagWidth());
                int lookup = used.isEmpty() ? rnd.nextInt(slots) : used.get(rnd.nextInt(used.size()));
                s.poke("alloc", alloc ? 1 : 0);
                s.poke("alloc_tag", tag);
                s.poke("free", release ? 1 : 0);
                s.poke("free_slot", releaseSlot);
                s.poke("clear", clear ? 1 : 0);
                s.poke("lookup", lookup);
                if (expectTag != null) {
                    assertEquals(expectTag.longValue(), s.peek("tag"), "tag of the slot looked up, cycle " + cycle);
                    lookups++;
                }
                if (alloc) {
                    int slot = (int) s.peek("slot");
                    assertFalse(inUse.contains(slot), "slot " + slot + " handed out while in use, cycle " + cycle);
                    int expected = pending != null ? pending : freed.isEmpty() ? fresh : freed.peekFirst();
                    assertEquals(expected, slot, "the slot freed last cycle, else the oldest freed, else the next fresh one, cycle " + cycle);
                    if (pending != null) {
                        pending = null;
                        reused++;
                    } else if (freed.isEmpty()) {
                        fresh++;
                        freshTaken++;
                    } else {
                        freed.removeFirst();
                        reused++;
                    }
                    inUse.add(slot);
                    tagOf.put(slot, tag);
                }
                // A lookup of a slot in use (never the one allocated now) answers with its tag next cycle.
                expectTag = used.contains(lookup) ? tagOf.get(lookup) : null;
                s.step();
                if (pending != null) freed.addLast(pending);
                pending = null;
                if (release) {
                    inUse.remove(releaseSlot);
                    pending = releaseSlot;
                }
                if (clear) {
                    inUse.clear();
                    tagOf.clear();
                    freed.clear();
                    fresh = 0;
                    pending = null;
                    expectTag = null;
                }
            }
        }
        assertTrue(reused > 100 && freshTaken > 100 && lookups > 1000, "reused " + reused + ", fresh " + freshTaken + ", lookups " + lookups);
    }
}

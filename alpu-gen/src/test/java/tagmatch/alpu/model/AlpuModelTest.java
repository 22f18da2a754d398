package tagmatch.alpu.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Optional;

import org.junit.jupiter.api.Test;

import tagmatch.alpu.AlpuConfig;
import tagmatch.alpu.Variant;

class AlpuModelTest {
    private final AlpuConfig prq = AlpuConfig.of(4, 2, 8, 8, Variant.PRQ);
    private final AlpuConfig umq = AlpuConfig.of(4, 2, 8, 8, Variant.UMQ);

    private static AlpuModel filled(AlpuConfig c, long[][] entries) {
        AlpuModel m = new AlpuModel(c);
        assertEquals(Optional.of(Response.startAck(c.cells())), m.command(Command.START_INSERT));
        for (long[] e : entries) m.command(Command.insert(e[0], e[1], e[2]));
        m.command(Command.STOP_INSERT);
        return m;
    }

    @Test
    void oldestMatchingEntryWinsAndIsRemoved() {
        AlpuModel m = filled(prq, new long[][] {{0x10, 0x0f, 1}, {0x12, 0, 2}, {0x13, 0, 3}});
        assertEquals(Optional.of(Response.success(1)), m.match(Request.of(0x12)), "wildcard entry 1 is oldest");
        assertEquals(Optional.of(Response.success(2)), m.match(Request.of(0x12)));
        assertEquals(Optional.of(Response.FAILURE), m.match(Request.of(0x12)));
        assertEquals(1, m.occupancy());
        assertEquals(3, m.entries().get(0).tag());
    }

    @Test
    void umqTakesTheMaskFromTheRequestAndIgnoresInsertMasks() {
        AlpuModel m = filled(umq, new long[][] {{0x21, 0xff, 7}, {0x22, 0, 8}});
        assertEquals(Optional.of(Response.FAILURE), m.match(Request.of(0x20)));
        assertEquals(Optional.of(Response.success(7)), m.match(Request.of(0x20, 0x03)));
        assertEquals(Optional.of(Response.success(8)), m.match(Request.of(0x00, 0xff)));
    }

    @Test
    void startAckCountsFreeCellsWhenProcessed() {
        AlpuModel m = filled(prq, new long[][] {{1, 0, 1}, {2, 0, 2}, {3, 0, 3}});
        m.match(Request.of(2));
        assertEquals(Optional.of(Response.startAck(2)), m.command(Command.START_INSERT));
    }

    @Test
    void insertModeHoldsFailuresButAnswersMatches() {
        AlpuModel m = filled(prq, new long[][] {{1, 0, 1}});
        m.command(Command.START_INSERT);
        assertTrue(m.wouldHold(Request.of(5)));
        assertFalse(m.wouldHold(Request.of(1)), "the oldest entry (index 0) matches: answered, not held");
        assertEquals(Optional.empty(), m.match(Request.of(5)));
        assertEquals(Optional.of(Response.success(1)), m.match(Request.of(1)));
        m.command(Command.insert(5, 0, 9));
        assertEquals(Optional.of(Response.success(9)), m.match(Request.of(5)));
        assertEquals(Optional.empty(), m.match(Request.of(5)));
        m.command(Command.STOP_INSERT);
        assertEquals(Optional.of(Response.FAILURE), m.match(Request.of(5)));
    }

    @Test
    void badCommandsAreDiscardedAndSetStickyError() {
        AlpuModel m = new AlpuModel(prq);
        m.command(Command.insert(1, 0, 1));
        assertTrue(m.error());
        assertEquals(0, m.occupancy());
        m.command(Command.STOP_INSERT);
        assertTrue(m.error());
        AlpuModel n = filled(prq, new long[][] {{1, 0, 1}, {2, 0, 2}, {3, 0, 3}, {4, 0, 4}});
        assertFalse(n.error());
        n.command(Command.START_INSERT);
        n.command(Command.insert(5, 0, 5));
        assertTrue(n.error(), "INSERT into a full unit");
        assertEquals(4, n.occupancy());
        assertEquals(Optional.empty(), n.command(Command.START_INSERT), "START_INSERT inside insert mode");
        assertTrue(n.insertMode());
        n.command(Command.STOP_INSERT);
        assertTrue(n.error(), "sticky");
    }

    @Test
    void resetEmptiesLeavesInsertModeAndClearsError() {
        AlpuModel m = filled(prq, new long[][] {{1, 0, 1}});
        m.command(Command.START_INSERT);
        m.command(Command.START_INSERT);
        assertTrue(m.error());
        m.command(Command.RESET);
        assertFalse(m.error());
        assertFalse(m.insertMode());
        assertEquals(0, m.occupancy());
        assertEquals(Optional.of(Response.FAILURE), m.match(Request.of(1)));
    }

    @Test
    void inputsAreTruncatedToTheConfiguredWidths() {
        AlpuModel m = filled(prq, new long[][] {{0x1ff, 0, 0x1ff}});
        assertEquals(Optional.of(Response.success(0xff)), m.match(Request.of(0xff)));
    }

    @Test
    void copiesAreIndependentValues() {
        AlpuModel m = filled(prq, new long[][] {{1, 0, 1}});
        AlpuModel c = m.copy();
        assertEquals(m, c);
        assertEquals(m.hashCode(), c.hashCode());
        c.match(Request.of(1));
        assertNotEquals(m, c);
        assertEquals(1, m.occupancy());
    }
}

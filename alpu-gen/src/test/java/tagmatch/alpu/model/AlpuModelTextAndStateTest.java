package tagmatch.alpu.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Optional;
import org.junit.jupiter.api.Test;
import tagmatch.alpu.AlpuConfig;
import tagmatch.alpu.Variant;

/**
 * What the scoreboard prints when it reports a violation (commands, responses, the model's
 * state) and the model's value semantics: a failure message is only useful if it says exactly
 * what the ALPU held.
 */
class AlpuModelTextAndStateTest {
    private final AlpuConfig prq = AlpuConfig.of(16, 2, 8, 8, Variant.PRQ);

    private AlpuModel withTags(int n) {
        AlpuModel m = new AlpuModel(prq);
        m.command(Command.START_INSERT);
        for (int i = 0; i < n; i++) m.command(Command.insert(0x10 + i, 0, 100 + i));
        return m;
    }

    @Test
    void commandsAndResponsesPrintTheFieldsTheirKindUses() {
        assertEquals("START_INSERT", Command.START_INSERT.toString());
        assertEquals("RESET", Command.RESET.toString());
        assertEquals("INSERT(match=0x1f, tag=7)", Command.insert(0x1f, 0, 7).toString());
        assertEquals("INSERT(match=0x1f, mask=0x3, tag=7)", Command.insert(0x1f, 3, 7).toString());
        assertEquals("MATCH_SUCCESS(tag=9)", Response.success(9).toString());
        assertEquals("START_ACK(free=4)", Response.startAck(4).toString());
        assertEquals("MATCH_FAILURE", Response.FAILURE.toString());
    }

    @Test
    void theModelPrintsItsModeAndUpToEightOldestTags() {
        AlpuModel m = withTags(3);
        assertEquals("insert mode, 3/16 entries [100, 101, 102]", m.toString());
        m.command(Command.STOP_INSERT);
        assertEquals("match mode, 3/16 entries [100, 101, 102]", m.toString());
        assertEquals("match mode, 0/16 entries []", new AlpuModel(prq).toString());
        AlpuModel nine = withTags(9);
        assertEquals("insert mode, 9/16 entries [100, 101, 102, 103, 104, 105, 106, 107, ...]", nine.toString());
        AlpuModel eight = withTags(8);
        assertEquals("insert mode, 8/16 entries [100, 101, 102, 103, 104, 105, 106, 107]", eight.toString());
    }

    @Test
    void freeCellsCountDownAsEntriesGoIn() {
        assertEquals(16, new AlpuModel(prq).free());
        AlpuModel m = withTags(5);
        assertEquals(11, m.free());
        assertEquals(prq, m.config());
        m.command(Command.STOP_INSERT);
        assertEquals(Optional.of(Response.success(102)), m.match(Request.of(0x12)));
        assertEquals(12, m.free());
    }

    @Test
    void equalStateMeansEqualModelsAndHashes() {
        AlpuModel a = withTags(4), b = withTags(4);
        assertEquals(a, b);
        assertEquals(a.hashCode(), b.hashCode());
        assertEquals(a, a.copy());
        assertNotEquals(a, withTags(3));
        b.command(Command.STOP_INSERT);
        assertNotEquals(a, b);
        assertNotEquals(a.hashCode(), b.hashCode());
        assertFalse(a.equals("insert mode"));
        assertNotEquals(new AlpuModel(prq), new AlpuModel(AlpuConfig.of(8, 2, 8, 8, Variant.PRQ)));
    }

    @Test
    void aRequestIsHeldOnlyInInsertModeAndOnlyWithoutAMatch() {
        AlpuModel m = withTags(2);
        assertTrue(m.wouldHold(Request.of(0x30)));
        assertFalse(m.wouldHold(Request.of(0x11)));
        m.command(Command.STOP_INSERT);
        assertFalse(m.wouldHold(Request.of(0x30)));
        // the oldest of two equal entries is taken: the first inserted one
        AlpuModel twice = new AlpuModel(prq);
        twice.command(Command.START_INSERT);
        twice.command(Command.insert(0x40, 0, 1));
        twice.command(Command.insert(0x40, 0, 2));
        twice.command(Command.STOP_INSERT);
        assertEquals(Optional.of(Response.success(1)), twice.match(Request.of(0x40)));
        assertEquals(Optional.of(Response.success(2)), twice.match(Request.of(0x40)));
    }
}

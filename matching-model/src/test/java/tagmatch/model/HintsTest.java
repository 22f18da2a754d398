package tagmatch.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class HintsTest {
    @Test
    void everyHintParsesFromAndPrintsAsItsName() {
        assertEquals(new Hints(false, false), Hints.parse("none"));
        assertEquals(new Hints(true, false), Hints.parse("no-any-source"));
        assertEquals(new Hints(false, true), Hints.parse("no-any-tag"));
        assertEquals(new Hints(true, true), Hints.parse("no-wildcards"));
        for (String name : new String[] {"none", "no-any-source", "no-any-tag", "no-wildcards"}) {
            assertEquals(name, Hints.parse(name).toString());
        }
        assertEquals(Hints.NONE, Hints.parse("none"));
        assertEquals(Hints.NO_WILDCARDS, Hints.parse("no-wildcards"));
    }

    @Test
    void anUnknownHintNamesTheLegalOnes() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Hints.parse("no-tags"));
        assertTrue(e.getMessage().startsWith("hints = 'no-tags' is unknown: legal values are none, no-any-source"), e.getMessage());
    }
}

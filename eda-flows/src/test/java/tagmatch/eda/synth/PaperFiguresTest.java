package tagmatch.eda.synth;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

class PaperFiguresTest {
    @Test
    void holdsTablesFourAndFiveOfSeed001() {
        assertEquals(12, PaperFigures.TABLES.size());
        PaperFigures.Row goal = PaperFigures.find("PRQ", 256, 8);
        assertEquals(17_372, goal.luts());
        assertEquals(28_908, goal.flipFlops());
        assertEquals(7, goal.latency());
        PaperFigures.Row umq = PaperFigures.find("UMQ", 128, 32);
        assertEquals(9_020, umq.luts());
        assertEquals(8_311, umq.flipFlops());
        assertEquals(100.6, umq.mhz());
    }

    @Test
    void unknownPrototypeIsNamed() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> PaperFigures.find("PRQ", 64, 8));
        assertEquals("seed 001 has no prototype PRQ with 64 cells and block 8: it reports PRQ and UMQ with 128 or 256 "
                + "cells and blocks of 8, 16 or 32", e.getMessage());
    }
}

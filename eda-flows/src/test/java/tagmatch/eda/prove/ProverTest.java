package tagmatch.eda.prove;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** How {@link Prover} reads ABC's answers. */
class ProverTest {
    @Test
    void everyCoverLineOfBmc3DashACountsHoweverItsNumbersArePadded() {
        // Verbatim from yosys-abc 0.23 (bmc3 -a on alpu-umq-8's covers): numbers are padded to a
        // column, so a pattern with single spaces counted only outputs 10 and 11 and every proof
        // then paid for one netlist per cover to find the "missing" ones.
        String out = String.join("\n",
                "Warning: The last output is interpreted as a constraint.",
                "Output  3 was asserted in frame  2 (solved  1 out of 12 outputs).",
                "Output  0 was asserted in frame  4 (solved  2 out of 12 outputs).",
                "Output 10 was asserted in frame  9 (solved 10 out of 12 outputs).",
                "Output 11 was asserted in frame 13 (solved 11 out of 12 outputs).",
                "Reached limit on the number of timeframes (16).");
        assertEquals(4, Prover.reachedCovers(out));
        assertEquals(0, Prover.reachedCovers("No output asserted in 16 frames. Resource limit reached."));
    }
}

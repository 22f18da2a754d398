package tagmatch.alpu;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;
import tagmatch.process.ParameterError;

class AlpuConfigTest {

    private static String error(Runnable r) {
        return assertThrows(IllegalArgumentException.class, r::run).getMessage();
    }

    @Test
    void aCheckNamesItsDatasheetParameterAsAConstant() {
        ParameterError e = assertThrows(ParameterError.class, () -> AlpuConfig.of(8, 8, 8, 8, Variant.PRQ).withFifoDepths(4, 3, 4));
        assertEquals(AlpuConfig.Parameter.CMD_FIFO_DEPTH, e.parameter());
        assertEquals("must be a power of two >= 2", e.rule());
        assertEquals("3", e.value());
        assertEquals(AlpuConfig.Parameter.BLOCK, assertThrows(ParameterError.class, () -> AlpuConfig.of(8, 16, 8, 8, Variant.PRQ)).parameter());
    }

    @Test
    void seedPrototypeIsLegalAndDerivesCountWidthAndBlocks() {
        AlpuConfig c = AlpuConfig.seed(256, 8, Variant.PRQ);
        assertEquals(9, c.cntWidth());
        assertEquals(32, c.blocks());
        assertEquals(42, c.matchWidth());
        assertEquals(16, c.tagWidth());
        assertEquals(Pipelining.DEFAULT, c.pipelining());
    }

    @Test
    void countWidthIsCeilLog2OfCellsPlusOne() {
        int[][] cases = {{2, 2}, {4, 3}, {6, 3}, {8, 4}, {128, 8}, {4096, 13}, {24, 5}};
        for (int[] c : cases) {
            int cells = c[0];
            int block = cells % 8 == 0 ? 8 : 2;
            assertEquals(c[1], AlpuConfig.of(cells, block, 8, 8, Variant.UMQ).cntWidth(), "cells " + cells);
            assertEquals((int) Math.ceil(Math.log(cells + 1) / Math.log(2)), c[1], "cells " + cells);
        }
    }

    @Test
    void cellsOutOfRangeNamesParameterValueAndRange() {
        assertEquals("CELLS must be in 2..4096, got 1", error(() -> AlpuConfig.of(1, 2, 8, 8, Variant.PRQ)));
        assertEquals("CELLS must be in 2..4096, got 8192", error(() -> AlpuConfig.of(8192, 8, 8, 8, Variant.PRQ)));
    }

    @Test
    void blockMustBeAPowerOfTwoWithinCells() {
        assertEquals("BLOCK must be a power of two in 2..CELLS, got 12 (CELLS = 96)",
                error(() -> AlpuConfig.of(96, 12, 8, 8, Variant.PRQ)));
        assertEquals("BLOCK must be a power of two in 2..CELLS, got 1 (CELLS = 8)",
                error(() -> AlpuConfig.of(8, 1, 8, 8, Variant.PRQ)));
        assertEquals("BLOCK must be a power of two in 2..CELLS, got 16 (CELLS = 8)",
                error(() -> AlpuConfig.of(8, 16, 8, 8, Variant.PRQ)));
    }

    @Test
    void cellsMustBeAMultipleOfBlock() {
        assertEquals("CELLS must be a multiple of BLOCK (8), got 100", error(() -> AlpuConfig.of(100, 8, 8, 8, Variant.PRQ)));
    }

    @Test
    void widthsOutOfRangeNameParameterValueAndRange() {
        assertEquals("MATCH_W must be in 1..128, got 0", error(() -> AlpuConfig.of(8, 8, 0, 8, Variant.PRQ)));
        assertEquals("MATCH_W must be in 1..128, got 129", error(() -> AlpuConfig.of(8, 8, 129, 8, Variant.PRQ)));
        assertEquals("TAG_W must be in 1..32, got 0", error(() -> AlpuConfig.of(8, 8, 8, 0, Variant.PRQ)));
        assertEquals("TAG_W must be in 1..32, got 33", error(() -> AlpuConfig.of(8, 8, 8, 33, Variant.PRQ)));
    }

    @Test
    void variantIsRequired() {
        assertEquals("VARIANT must be PRQ or UMQ, got null", error(() -> AlpuConfig.of(8, 8, 8, 8, null)));
    }

    @Test
    void fifoDepthsMustBePowersOfTwoAtLeastTwo() {
        AlpuConfig c = AlpuConfig.of(8, 8, 8, 8, Variant.PRQ);
        assertEquals("REQ_FIFO_DEPTH must be a power of two >= 2, got 3", error(() -> c.withFifoDepths(3, 2, 2)));
        assertEquals("CMD_FIFO_DEPTH must be a power of two >= 2, got 1", error(() -> c.withFifoDepths(2, 1, 2)));
        assertEquals("RSP_FIFO_DEPTH must be a power of two >= 2, got 0", error(() -> c.withFifoDepths(2, 2, 0)));
        assertEquals(16, c.withFifoDepths(2, 4, 16).rspFifoDepth());
    }

    @Test
    void extremesOfTheTableAreLegal() {
        AlpuConfig big = AlpuConfig.of(4096, 4096, 128, 32, Variant.UMQ);
        assertEquals(1, big.blocks());
        assertEquals(13, big.cntWidth());
        AlpuConfig small = AlpuConfig.of(2, 2, 1, 1, Variant.PRQ);
        assertEquals(2, small.cntWidth());
        assertEquals("alpu_prq", small.variant().defaultTop());
        assertEquals("alpu_umq", big.variant().defaultTop());
    }
}

package tagmatch.hdl.lib;

import org.junit.jupiter.api.Test;

import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

class CatalogTest {
    private static String error(Runnable r) {
        return assertThrows(IllegalArgumentException.class, r::run).getMessage();
    }

    @Test
    void unknownBlocksAndParametersNameTheLegalChoices() {
        assertEquals("unknown block 'fido'; blocks are [fifo, priority-tree, priority-encoder, one-hot-mux, counter, pipe, state-machine, arbiter, round-robin-arbiter, stream-pipe, skid-buffer, stream-fork, stream-join, lfsr, one-hot-decoder, synchronizer]",
                error(() -> Catalog.block("fido")));
        assertEquals("block fifo has no parameter 'size'; its parameters are [depth, width]",
                error(() -> Catalog.block("fifo").resolve(Map.of("size", "4"))));
        assertEquals("parameter depth of fifo must be a power of two in 2..65536, got 12",
                error(() -> Catalog.block("fifo").resolve(Map.of("depth", "12"))));
        assertEquals("parameter width of fifo must be an integer (1..4096), got 'wide'",
                error(() -> Catalog.block("fifo").resolve(Map.of("width", "wide"))));
    }

    @Test
    void parametersTakeDefaultsAndAcceptHexAndBinary() {
        assertEquals(Map.of("depth", 8, "width", 16), Catalog.block("fifo").resolve(Map.of("width", "0x10")));
        assertEquals(11, Catalog.block("state-machine").resolve(Map.of("pattern", "0b1011")).get("pattern"));
    }
}

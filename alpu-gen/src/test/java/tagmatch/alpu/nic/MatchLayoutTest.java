package tagmatch.alpu.nic;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.math.BigInteger;

import org.junit.jupiter.api.Test;

import tagmatch.model.Event;
import tagmatch.model.Mpi;

class MatchLayoutTest {
    @Test
    void defaultPacksCommSourceTagMostSignificantFirstIn42Bits() {
        MatchLayout l = MatchLayout.DEFAULT;
        assertEquals(42, l.width());
        BigInteger k = l.key(new Event.Arrive(0, 3, 5, 7));
        assertEquals(BigInteger.valueOf(3).shiftLeft(32).or(BigInteger.valueOf(5).shiftLeft(16)).or(BigInteger.valueOf(7)), k);
    }

    @Test
    void wildcardsSetEveryMaskBitOfTheirField() {
        MatchLayout l = MatchLayout.DEFAULT;
        assertEquals(BigInteger.valueOf(0xffffL << 16), l.mask(new Event.Post(0, 0, Mpi.ANY_SOURCE, 4)));
        assertEquals(BigInteger.valueOf(0xffffL), l.mask(new Event.Post(0, 0, 4, Mpi.ANY_TAG)));
        assertEquals(BigInteger.valueOf(0xffffffffL), l.mask(new Event.Post(0, 0, Mpi.ANY_SOURCE, Mpi.ANY_TAG)));
        assertEquals(BigInteger.valueOf(2L << 32), l.key(new Event.Post(0, 2, Mpi.ANY_SOURCE, Mpi.ANY_TAG)));
    }

    @Test
    void illegalFieldWidthsAreNamed() {
        assertEquals("sourceBits must be in 1..32, got 0",
                assertThrows(IllegalArgumentException.class, () -> new MatchLayout(10, 0, 16)).getMessage());
        assertEquals("tagBits must be in 1..32, got 33",
                assertThrows(IllegalArgumentException.class, () -> new MatchLayout(32, 32, 33)).getMessage());
    }
}

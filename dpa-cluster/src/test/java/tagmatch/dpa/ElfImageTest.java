package tagmatch.dpa;

import org.junit.jupiter.api.Test;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ElfImageTest {
    static final long RAM = 16L << 20;

    /** A minimal ELF64 RISC-V executable with one PT_LOAD segment of {@code data} at {@code vaddr}. */
    static byte[] elf(int machine, long entry, long vaddr, byte[] data, long memSize) {
        ByteBuffer b = ByteBuffer.allocate(64 + 56 + data.length).order(ByteOrder.LITTLE_ENDIAN);
        b.put(new byte[] {0x7F, 'E', 'L', 'F', 2, 1, 1, 0});
        b.position(0x10);
        b.putShort((short) 2).putShort((short) machine).putInt(1).putLong(entry).putLong(64).putLong(0).putInt(0)
                .putShort((short) 64).putShort((short) 56).putShort((short) 1);
        b.position(64);
        b.putInt(ElfImage.PT_LOAD).putInt(7).putLong(120).putLong(vaddr).putLong(vaddr).putLong(data.length).putLong(memSize).putLong(8);
        b.put(data);
        return b.array();
    }

    @Test
    void readsEntryAndLoadSegments() {
        ElfImage img = ElfImage.parse(elf(243, 0x8000_0000L, 0x8000_0000L, new byte[] {1, 2, 3, 4}, 16), "p.elf", RAM);
        assertEquals(0x8000_0000L, img.entry());
        assertEquals(1, img.segments().size());
        assertEquals(16, img.segments().get(0).memSize());
        assertEquals(4, img.segments().get(0).data().length);
    }

    @Test
    void badElfsAreOneLineErrorsNamingTheProblem() {
        assertError("not an ELF file", "hello".getBytes());
        assertError("machine 62 is not RISC-V", elf(62, 0x8000_0000L, 0x8000_0000L, new byte[4], 4));
        assertError("no entry point", elf(243, 0, 0x8000_0000L, new byte[4], 4));
        assertError("segment 0 at 0x1000..0x1003 is outside RAM", elf(243, 0x8000_0000L, 0x1000, new byte[4], 4));
        assertError("outside RAM", elf(243, 0x8000_0000L, 0x8000_0000L + RAM - 2, new byte[4], 4));
    }

    private static void assertError(String expected, byte[] bytes) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> ElfImage.parse(bytes, "p.elf", RAM));
        assertTrue(e.getMessage().startsWith("p.elf: ") && e.getMessage().contains(expected) && !e.getMessage().contains("\n")
                && e.getMessage().contains("legal is a RISC-V (EM_RISCV=243) ELF64"), e.getMessage());
    }
}

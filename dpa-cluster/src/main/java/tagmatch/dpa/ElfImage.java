package tagmatch.dpa;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * A bare-metal RV64 program as the cluster loads it: the entry point and the PT_LOAD segments of
 * an ELF64 little-endian RISC-V executable, each checked to lie in RAM. Bytes of a segment beyond
 * its file size are zero (.bss).
 */
public record ElfImage(long entry, List<Segment> segments) {
    static final int EM_RISCV = 243;
    static final int PT_LOAD = 1;
    private static final String LEGAL = "a RISC-V (EM_RISCV=243) ELF64 little-endian executable";

    /** One loadable segment: {@code data} placed at {@code address}, zero-filled to {@code memSize} bytes. */
    public record Segment(long address, byte[] data, long memSize) {}

    public ElfImage {
        segments = List.copyOf(segments);
    }

    public static ElfImage read(Path file, long ramBytes) {
        byte[] bytes;
        try {
            bytes = Files.readAllBytes(file);
        } catch (IOException e) {
            throw new IllegalArgumentException(file + ": cannot read: " + e.getMessage());
        }
        return parse(bytes, file.toString(), ramBytes);
    }

    /** Parses {@code bytes}; every problem is an {@link IllegalArgumentException} of one line naming {@code name}. */
    public static ElfImage parse(byte[] bytes, String name, long ramBytes) {
        if (bytes.length < 64 || bytes[0] != 0x7F || bytes[1] != 'E' || bytes[2] != 'L' || bytes[3] != 'F')
            throw bad(name, "not an ELF file (no \\x7fELF header)");
        if (bytes[4] != 2) throw bad(name, "ELF class " + bytes[4] + " is not ELFCLASS64 (2)");
        if (bytes[5] != 1) throw bad(name, "ELF data encoding " + bytes[5] + " is not little endian (1)");
        ByteBuffer b = ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN);
        int machine = Short.toUnsignedInt(b.getShort(0x12));
        if (machine != EM_RISCV) throw bad(name, "machine " + machine + " is not RISC-V (EM_RISCV=243)");
        long entry = b.getLong(0x18);
        long phoff = b.getLong(0x20);
        int phentsize = Short.toUnsignedInt(b.getShort(0x36));
        int phnum = Short.toUnsignedInt(b.getShort(0x38));
        long ramEnd = DpaConfig.RAM_BASE + ramBytes;
        if (entry == 0) throw bad(name, "no entry point (e_entry is 0)");
        if (entry < DpaConfig.RAM_BASE || entry >= ramEnd)
            throw bad(name, String.format("entry 0x%x is outside RAM 0x%x..0x%x", entry, DpaConfig.RAM_BASE, ramEnd - 1));
        if (phentsize < 56 || phoff < 0 || phoff + (long) phnum * phentsize > bytes.length)
            throw bad(name, "program header table (offset " + phoff + ", " + phnum + " x " + phentsize + " bytes) is truncated");
        List<Segment> segs = new ArrayList<>();
        for (int i = 0; i < phnum; i++) {
            int p = (int) (phoff + (long) i * phentsize);
            if (b.getInt(p) != PT_LOAD) continue;
            long offset = b.getLong(p + 8), vaddr = b.getLong(p + 16), filesz = b.getLong(p + 32), memsz = b.getLong(p + 40);
            if (memsz == 0) continue;
            if (filesz < 0 || offset < 0 || offset + filesz > bytes.length || filesz > memsz)
                throw bad(name, "segment " + i + " (file offset " + offset + ", " + filesz + " bytes) is truncated");
            if (vaddr < DpaConfig.RAM_BASE || vaddr + memsz > ramEnd || vaddr + memsz < vaddr)
                throw bad(name, String.format("segment %d at 0x%x..0x%x is outside RAM 0x%x..0x%x (--ram-mib sets its size)",
                        i, vaddr, vaddr + memsz - 1, DpaConfig.RAM_BASE, ramEnd - 1));
            byte[] data = new byte[(int) filesz];
            System.arraycopy(bytes, (int) offset, data, 0, data.length);
            segs.add(new Segment(vaddr, data, memsz));
        }
        if (segs.isEmpty()) throw bad(name, "no PT_LOAD segment");
        return new ElfImage(entry, segs);
    }

    private static IllegalArgumentException bad(String name, String what) {
        return new IllegalArgumentException(name + ": " + what + "; legal is " + LEGAL + " whose entry and PT_LOAD segments lie in RAM");
    }
}

package tagmatch.dpa;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tagmatch.hdl.core.Elaborator;
import tagmatch.process.Exec;
import tagmatch.sim.Simulator;
import tagmatch.sim.backends.Simulators;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Every RV64C form expands to what the assembler emits for the same line without the C extension. */
class DecompressorTest {
    @TempDir
    Path dir;

    /** One line per compressed form (the assembler compresses each under rv64imac), extremes of the immediates included. */
    private static final List<String> LINES = List.of(
            "addi s0, sp, 4", "addi a5, sp, 1020",                          // c.addi4spn
            "lw a0, 0(a1)", "lw s1, 124(a5)",                               // c.lw
            "ld a0, 0(a1)", "ld s1, 248(a5)",                               // c.ld
            "sw a0, 4(a1)", "sw s1, 124(a5)",                               // c.sw
            "sd a0, 8(a1)", "sd s1, 248(a5)",                               // c.sd
            "nop", "addi a0, a0, -32", "addi t6, t6, 31",                  // c.nop, c.addi
            "addiw a0, a0, -1", "addiw ra, ra, 31",                         // c.addiw
            "li a0, -32", "li t0, 31",                                      // c.li
            "addi sp, sp, -512", "addi sp, sp, 496", "addi sp, sp, 16",     // c.addi16sp
            "lui a0, 1", "lui t1, 0x1f", "lui a0, 0xfffe0",                 // c.lui
            "srli a0, a0, 1", "srli s1, s1, 63", "srai a1, a1, 33", "srai a5, a5, 1",
            "andi a2, a2, -32", "andi s0, s0, 31",
            "sub a3, a3, a4", "xor s0, s0, s1", "or a5, a5, a0", "and a1, a1, a2", "subw a3, a3, a4", "addw s0, s0, a5",
            "j .+2046", "j .-2048", "j .+0x2a",                             // c.j
            "beqz a0, .+254", "beqz s1, .-256", "bnez a1, .+0x66", "bnez s0, .-2",
            "slli a0, a0, 1", "slli t0, t0, 63",                            // c.slli
            "lw a0, 0(sp)", "lw t6, 252(sp)",                               // c.lwsp
            "ld ra, 0(sp)", "ld t6, 504(sp)",                               // c.ldsp
            "jr ra", "jr t6", "add a0, zero, a1", "add t6, zero, ra",          // c.jr, c.mv (add rd, x0, rs2: the spec's expansion, not mv's addi)
            "ebreak", "jalr t0", "jalr ra", "add a0, a0, a1", "add t6, t6, ra",
            "sw a0, 0(sp)", "sw t6, 252(sp)", "sd ra, 0(sp)", "sd t6, 504(sp)");

    @Test
    void everyCompressedFormExpandsToTheAssemblersFullInstruction() throws IOException {
        Files.writeString(dir.resolve("x.s"), ".option norelax\n" + String.join("\n", LINES) + "\n");
        byte[] compressed = assemble("rv64imac", "c");
        byte[] full = assemble("rv64ima", "full");
        ByteBuffer c = ByteBuffer.wrap(compressed).order(ByteOrder.LITTLE_ENDIAN);
        ByteBuffer f = ByteBuffer.wrap(full).order(ByteOrder.LITTLE_ENDIAN);
        try (Simulator sim = Simulators.interpreter(Elaborator.elaborate(Decompressor::new))) {
            for (String line : LINES) {
                int half = Short.toUnsignedInt(c.getShort());
                assertTrue((half & 3) != 3, "the assembler did not compress '" + line + "'");
                long expected = Integer.toUnsignedLong(f.getInt());
                sim.poke("in", half);
                assertEquals(0, sim.peek("illegal"), line);
                assertEquals(String.format("%08x", expected), String.format("%08x", sim.peek("out")), line);
            }
        }
    }

    @Test
    void reservedAndFloatingPointFormsAreIllegal() {
        List<Integer> illegal = new ArrayList<>(List.of(
                0x0000,     // all zero
                0x2000,     // c.fld
                0xA000,     // c.fsd
                0x2002,     // c.fldsp
                0xA002,     // c.fsdsp
                0x2001,     // c.addiw with rd = x0
                0x6101,     // c.addi16sp with a zero immediate
                0x6501,     // c.lui with a zero immediate
                0x4002,     // c.lwsp with rd = x0
                0x6002,     // c.ldsp with rd = x0
                0x8002,     // c.jr with rs1 = x0
                0x9C41,     // reserved (c.subw space, funct 10)
                0x8000));   // reserved quadrant-0 funct3 100
        try (Simulator sim = Simulators.interpreter(Elaborator.elaborate(Decompressor::new))) {
            for (int h : illegal) {
                sim.poke("in", h);
                assertEquals(1, sim.peek("illegal"), String.format("0x%04x", h));
            }
        }
    }

    private byte[] assemble(String march, String name) throws IOException {
        Path o = dir.resolve(name + ".o"), bin = dir.resolve(name + ".bin");
        Exec.of("riscv64-unknown-elf-as", "-march=" + march, "-mabi=lp64", "-o", o.toString(), dir.resolve("x.s").toString())
                .hint("binutils-riscv64-unknown-elf").check();
        Exec.of("riscv64-unknown-elf-objcopy", "-O", "binary", "-j", ".text", o.toString(), bin.toString())
                .hint("binutils-riscv64-unknown-elf").check();
        return Files.readAllBytes(bin);
    }
}

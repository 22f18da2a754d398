package tagmatch.bench.firmware;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tagmatch.process.Exec;
import tagmatch.process.ToolException;

/** The RISC-V counter against a program whose instruction counts are known by construction. */
class Rv64InstructionCountTest {
    @TempDir
    static Path dir;
    static Path exe;

    /**
     * _start calls {@code counted} (4 instructions) 1000 times and its clone
     * {@code counted.part.0} (2) 10 times, then {@code skipped} (2) once, writes "hi" and exits
     * with the code in its first argument's first digit (0 when there is none).
     */
    private static final String PROGRAM = """
                .option norvc
                .text
                .globl _start
            _start:
                li s2, 0
                ld t0, 0(sp)
                li t1, 2
                blt t0, t1, 0f
                ld t0, 16(sp)
                lbu s2, 0(t0)
                addi s2, s2, -48
            0:  li s0, 1000
            1:  call counted
                addi s0, s0, -1
                bnez s0, 1b
                li s0, 10
            2:  call counted.part.0
                addi s0, s0, -1
                bnez s0, 2b
                call skipped
                li a7, 64
                li a0, 1
                la a1, hi
                li a2, 3
                ecall
                li a7, 93
                mv a0, s2
                ecall

                .type counted, @function
            counted:
                addi t0, zero, 1
                addi t0, t0, 1
                addi t0, t0, 1
                ret
                .size counted, .-counted

                .type counted.part.0, @function
            counted.part.0:
                addi t0, zero, 1
                ret
                .size counted.part.0, .-counted.part.0

                .type skipped, @function
            skipped:
                nop
                ret
                .size skipped, .-skipped

                .data
            hi: .ascii "hi\\n"
            """;

    @BeforeAll
    static void build() throws Exception {
        Path src = dir.resolve("prog.S");
        Files.writeString(src, PROGRAM);
        exe = dir.resolve("prog");
        Exec.of("riscv64-linux-gnu-gcc", "-nostdlib", "-static", "-o", exe.toString(), src.toString())
                .hint("gcc-riscv64-linux-gnu").check();
    }

    @Test
    void countsEveryInstructionOfTheChosenFunctionsAndTheirClones() {
        Rv64InstructionCount.Run r = Rv64InstructionCount.run(exe, dir, "counted"::equals, List.of());
        assertEquals(1000 * 4 + 10 * 2, r.instructions());
        assertEquals("hi\n", r.output());
    }

    @Test
    void aFunctionLeftOutIsNotCounted() {
        assertEquals(2, Rv64InstructionCount.run(exe, dir, "skipped"::equals, List.of()).instructions());
        assertEquals(1000 * 4 + 10 * 2 + 2,
                Rv64InstructionCount.run(exe, dir, n -> n.equals("counted") || n.equals("skipped"), List.of()).instructions());
    }

    @Test
    void functionsAreListedWithTheirSizes() {
        List<Rv64InstructionCount.Function> fs = Rv64InstructionCount.functions(exe);
        assertTrue(fs.stream().anyMatch(f -> f.name().equals("counted") && f.size() == 4 * 4), fs.toString());
        assertEquals(2, fs.stream().filter(f -> f.name().equals("counted")).count(), fs.toString());
    }

    @Test
    void aFailingProgramIsAnErrorNamingQemu() {
        ToolException e = assertThrows(ToolException.class, () -> Rv64InstructionCount.run(exe, dir, "counted"::equals, List.of("3")));
        assertTrue(e.getMessage().contains("qemu-riscv64") && e.getMessage().contains("exit 3"), e.getMessage());
    }

    @Test
    void aChoiceOfNoFunctionIsRefused() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> Rv64InstructionCount.run(exe, dir, "nothing"::equals, List.of()));
        assertTrue(e.getMessage().contains("no function"), e.getMessage());
    }
}

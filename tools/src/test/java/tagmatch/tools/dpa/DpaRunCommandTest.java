package tagmatch.tools.dpa;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tagmatch.dpa.BareMetal;
import tagmatch.tools.CliRun;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class DpaRunCommandTest {
    @TempDir
    Path dir;

    @Test
    void runPrintsConsoleExitCodeCyclesAndRetiredPerHart() throws IOException {
        Path c = Files.writeString(dir.resolve("bye.c"), "#include \"dpa.h\"\n"
                + "int main(unsigned long hart) { dpa_puts(\"bye\\n\"); return 7; }\n");
        Path elf = BareMetal.compile(List.of(c), dir.resolve("bye.elf"), List.of("-O2"));
        CliRun cli = new CliRun();
        int code = cli.run("dpa", "run", elf.toString(), "--cores", "1", "--threads", "1", "--banks", "1");
        assertEquals(0, code, cli.err.toString());
        String out = cli.out.toString();
        assertTrue(out.startsWith("bye\nexit code 7 after "), out);
        assertTrue(out.contains("instructions retired per hart: 0:"), out);
    }

    @Test
    void aBadElfIsAUsageErrorOfOneLine() throws IOException {
        Path notElf = Files.writeString(dir.resolve("x.elf"), "not an elf");
        CliRun cli = new CliRun();
        assertEquals(2, cli.run("dpa", "run", notElf.toString(), "--cores", "1", "--threads", "1"));
        String err = cli.err.toString().strip();
        assertTrue(err.startsWith("tagmatch dpa run: ") && err.contains("not an ELF file") && !err.contains("\n"), err);
    }

    @Test
    void aBadParameterNamesTheOption() {
        CliRun cli = new CliRun();
        assertEquals(2, cli.run("dpa", "run", "x.elf", "--threads", "3"));
        assertTrue(cli.err.toString().contains("--threads must be a power of two in 1..64, got 3"), cli.err.toString());
    }
}

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
    void runPrintsConsoleCyclesAndRetiredPerHartAndExitsWithTheProgramsCode() throws IOException {
        Path c = Files.writeString(dir.resolve("bye.c"), "#include \"dpa.h\"\n"
                + "int main(unsigned long hart) { dpa_puts(\"bye\\n\"); return 7; }\n");
        Path elf = BareMetal.compile(List.of(c), dir.resolve("bye.elf"), List.of("-O2"));
        CliRun cli = new CliRun();
        int code = cli.run("dpa", "run", elf.toString(), "--cores", "1", "--threads-per-core", "1", "--banks", "1");
        assertEquals(7, code, cli.err.toString());
        assertEquals("", cli.err.toString());
        String out = cli.out.toString();
        assertTrue(out.startsWith("bye\nexit code 7 after "), out);
        assertTrue(out.contains("instructions retired per hart: 0:"), out);
        assertTrue(out.contains("hit rates: L1I "), out);
    }

    @Test
    void aBadMemoryOptionNamesItself() {
        CliRun cli = new CliRun();
        assertEquals(2, cli.run("dpa", "run", "x.elf", "--memory", "fast"));
        assertEquals("tagmatch dpa run: --memory must be optimistic, likely or pessimistic (or flat), got fast", cli.err.toString().strip());
        cli = new CliRun();
        assertEquals(2, cli.run("dpa", "run", "x.elf", "--l2-ways", "4"));
        assertEquals("tagmatch dpa run: --l2-kib 1536 in --l2-ways 4 of --line-bytes 64 must give a power of two >= 2 of sets, got 6144",
                cli.err.toString().strip());
        cli = new CliRun();
        assertEquals(2, cli.run("dpa", "run", "x.elf", "--host-latency", "9999"));
        assertEquals("tagmatch dpa run: --host-latency must be in 0..4095, got 9999", cli.err.toString().strip());
    }

    @Test
    void aBadElfIsAUsageErrorOfOneLine() throws IOException {
        Path notElf = Files.writeString(dir.resolve("x.elf"), "not an elf");
        CliRun cli = new CliRun();
        assertEquals(2, cli.run("dpa", "run", notElf.toString(), "--cores", "1", "--threads-per-core", "1"));
        String err = cli.err.toString().strip();
        assertTrue(err.startsWith("tagmatch dpa run: ") && err.contains("not an ELF file") && !err.contains("\n"), err);
    }

    @Test
    void aBadParameterNamesTheOption() {
        CliRun cli = new CliRun();
        assertEquals(2, cli.run("dpa", "run", "x.elf", "--threads-per-core", "3"));
        assertEquals("tagmatch dpa run: --threads-per-core must be a power of two in 1..64, got 3", cli.err.toString().strip());
        cli = new CliRun();
        assertEquals(2, cli.run("dpa", "run", "x.elf", "--cores", "16", "--threads-per-core", "32"));
        assertEquals("tagmatch dpa run: --cores x --threads-per-core must be <= 256 harts, got 16 x 32", cli.err.toString().strip());
        cli = new CliRun();
        assertEquals(2, cli.run("dpa", "run", "x.elf", "--cores", "1", "--threads-per-core", "2", "--harts", "3"));
        assertEquals("tagmatch dpa run: --harts must be <= 2 (cores x threads), got 3", cli.err.toString().strip());
        cli = new CliRun();
        assertEquals(2, cli.run("dpa", "run", "x.elf", "--max-cycles", "0"));
        assertEquals("tagmatch dpa run: --max-cycles must be >= 1, got 0", cli.err.toString().strip());
        cli = new CliRun();
        assertEquals(2, cli.run("dpa", "run", "x.elf", "--cores", "1", "--threads-per-core", "2", "--l1d-bytes-per-thread", "64"));
        assertEquals("tagmatch dpa run: --l1d-bytes-per-thread 64 x 2 threads in --l1-ways 4 of --line-bytes 64 must give a power of two >= 2 of sets, "
                + "got 2 lines / 4", cli.err.toString().strip());
        cli = new CliRun();
        assertEquals(2, cli.run("dpa", "run", "x.elf", "--l1-ways", "17"));
        assertEquals("tagmatch dpa run: --l1-ways must be in 1..16, got 17", cli.err.toString().strip());
    }

    @Test
    void theExitStatusIsTheProgramsCodeModulo256AsAShellSeesIt() {
        assertEquals(0, DpaRunCommand.exitStatus(0));
        assertEquals(7, DpaRunCommand.exitStatus(7));
        assertEquals(255, DpaRunCommand.exitStatus(255));
        assertEquals(0, DpaRunCommand.exitStatus(256));
        assertEquals(255, DpaRunCommand.exitStatus(-1));
    }
}

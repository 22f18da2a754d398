package tagmatch.tools;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Ordinary mistakes on the command line: one line naming the command path, the option, the
 * value and what is legal; exit 2; nothing written; no stack trace.
 */
class BadInputTest {
    @TempDir
    Path tmp;

    private CliRun cli;

    private int run(String... args) {
        cli = new CliRun();
        return cli.run(args);
    }

    private void assertUsage(String expected, String... args) {
        int code = run(args);
        String err = cli.err.toString();
        assertEquals(2, code, err);
        assertEquals(expected, err.strip());
        assertFalse(err.contains("\tat "), "a stack trace: " + err);
    }

    @Test
    void optionValuesAreCheckedWithTheCommandPathInTheMessage() {
        assertUsage("tagmatch cosim firmware: --ops must be >= 1, got 0", "cosim", "firmware", "--ops", "0");
        assertUsage("tagmatch cosim firmware: --target must be one of native, tsan, riscv, got 'fpga'", "cosim", "firmware", "--target", "fpga");
        assertUsage("tagmatch bench hdl: --repeat must be >= 1, got 0", "bench", "hdl", "--repeat", "0");
        assertUsage("tagmatch bench hdl: --runs must be >= 1, got 0", "bench", "hdl", "--runs", "0");
        assertUsage("tagmatch bench hdl: --alpu-cells must be multiples of 16 in 16..4096 (or 0 to skip), got 100",
                "bench", "hdl", "--alpu-cells", "256,100");
        assertUsage("tagmatch bench hdl: --launcher must be the executable tagmatch launcher, got /nonexistent/tagmatch",
                "bench", "hdl", "--launcher", "/nonexistent/tagmatch");
        // the tests run from classes, not from the built jar: the launcher cannot be found next to it
        assertUsage("tagmatch bench hdl: --launcher is needed when bench hdl does not run from the built jar "
                + "(./tagmatch bench hdl does), got none; name the tagmatch launcher, or --alpu-cells 0 to skip the ALPU",
                "bench", "hdl", "--repeat", "1");
        assertUsage("tagmatch bench trace: --runs must be >= 1, got 0", "bench", "trace", "--runs", "0");
        assertUsage("tagmatch bench trace: --launcher is needed when bench trace does not run from the built jar "
                + "(./tagmatch bench trace does), got none; name the tagmatch launcher", "bench", "trace");
        assertUsage("tagmatch bench trace: --launcher must be the executable tagmatch launcher, got /nonexistent/tagmatch",
                "bench", "trace", "--launcher", "/nonexistent/tagmatch");
        String launcher = java.nio.file.Path.of(System.getProperty("tagmatch.root", "..")).resolve("tagmatch").toAbsolutePath().normalize().toString();
        assertUsage("tagmatch bench trace: TRACE must name a trace directory or rank file, got /nonexistent/trace, which does not exist",
                "bench", "trace", "--launcher", launcher, "/nonexistent/trace");
        assertUsage("tagmatch bench firmware: --messages must be >= 1, got 0", "bench", "firmware", "--messages", "0");
        assertUsage("tagmatch bench firmware: --isa must be x86-64 or rv64, got arm64", "bench", "firmware", "--isa", "x86-64,arm64");
        assertUsage("tagmatch bench model: --bins must be in 1..1048576, got 0", "bench", "model", "--bins", "0");
        assertUsage("tagmatch cosim alpu: --ops must be >= 1, got -5", "cosim", "alpu", "--ops", "-5");
        assertUsage("tagmatch rtl: --variant must be one of prq, umq, got 'lifo'", "rtl", "--variant", "lifo", "--out", tmp.resolve("x").toString());
        assertUsage("tagmatch synth: --only only applies with --table", "synth", "--only", "alpu_prq_256x8");
        assertUsage("tagmatch synth: --family must be one of xcup, xcu, xc7, xc6s, xc6v, xc5v, xc4v, xc3sda, xc3sa, xc3se, xc3s, "
                + "xc2vp, xc2v, xcve, xcv, got 'xc9'", "synth", "--family", "xc9");
        assertUsage("tagmatch demo: --ops must be >= 1, got 0", "demo", "--ops", "0", "--out", tmp.resolve("lib").toString());
        assertUsage("tagmatch rtl: Unknown option: '--cels' (see 'tagmatch rtl --help')", "rtl", "--cels");
        assertUsage("tagmatch trace analyze: --bins must be in 1..1048576, got 0", "trace", "analyze", "data/traces", "--bins", "1,0",
                "--out", tmp.resolve("a").toString());
        assertUsage("tagmatch cosim firmware: --ops must be a whole number, got 'many'",
                "cosim", "firmware", "--ops", "many");
        assertUsage("tagmatch trace analyze: --threads must be in 1..64, got 0", "trace", "analyze", "data/traces", "--threads", "0");
        assertUsage("tagmatch bench model: --depths must be in 1..1000000, got 0", "bench", "model", "--depths", "0");
        assertUsage("tagmatch cosim alpu: --vcd /nonexistent/x.vcd cannot be written: directory /nonexistent does not exist",
                "cosim", "alpu", "--vcd", "/nonexistent/x.vcd");
        assertTrue(noFiles(tmp), "a failed check wrote something");
    }

    @Test
    void theDemoChecksItsOutputPlacesBeforeTheFirstStep() throws IOException {
        Path fw = Files.createDirectories(tmp.resolve("fw"));
        Files.writeString(fw.resolve("Makefile"), "mine\n");
        int code = run("demo", "--out", tmp.resolve("lib").toString(), "--alpu-out", tmp.resolve("alpu").toString(),
                "--firmware-out", fw.toString());
        assertEquals(2, code, cli.err.toString());
        assertTrue(cli.err.toString().contains("--firmware-out " + fw + " holds files tagmatch did not write (Makefile)"), cli.err.toString());
        assertFalse(Files.exists(tmp.resolve("lib")) || Files.exists(tmp.resolve("alpu")), "the demo started before checking");
        assertEquals("", cli.out.toString());
    }

    @Test
    void outNamingAFileOrAnEmptyStringIsRefusedByEveryGenerator() throws IOException {
        Path file = Files.writeString(tmp.resolve("plain"), "x");
        for (String[] cmd : new String[][] {{"rtl", "--cells", "16"}, {"hdl", "fifo"}, {"firmware"}}) {
            String[] withFile = Stream.concat(Stream.of(cmd), Stream.of("--out", file.toString())).toArray(String[]::new);
            assertEquals(2, run(withFile), String.join(" ", cmd));
            assertTrue(cli.err.toString().contains("--out must name a directory, but " + file + " is a file"), cli.err.toString());
            String[] empty = Stream.concat(Stream.of(cmd), Stream.of("--out", "")).toArray(String[]::new);
            assertEquals(2, run(empty), String.join(" ", cmd));
            assertTrue(cli.err.toString().contains("--out must name a directory, got an empty string"), cli.err.toString());
        }
        assertEquals("x", Files.readString(file));
    }

    @Test
    void anUncreatableOutIsRefusedBeforeTheWork() {
        assertEquals(2, run("rtl", "--cells", "16", "--out", "/proc/self/no/such"));
        assertTrue(cli.err.toString().startsWith("tagmatch rtl: --out /proc/self/no/such cannot be "), cli.err.toString());
        assertEquals("", cli.out.toString());
    }

    private static boolean noFiles(Path dir) {
        try (Stream<Path> s = Files.walk(dir)) {
            return s.allMatch(Files::isDirectory);
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }
}

package tagmatch.dpa;

import tagmatch.process.Exec;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;

/**
 * Builds bare-metal C for the cluster with {@code riscv64-unknown-elf-gcc -march=rv64imac_zicsr
 * -mabi=lp64 -nostdlib} and the reference start-up files of this module ({@code crt0.S},
 * {@code link.ld}, {@code dpa.h} under {@code tagmatch/dpa/baremetal/}).
 */
public final class BareMetal {
    public static final String GCC = "riscv64-unknown-elf-gcc";
    static final List<String> FILES = List.of("crt0.S", "link.ld", "dpa.h", "nic.h");

    private BareMetal() {}

    /** Copies crt0.S, link.ld and dpa.h into {@code dir} (created if needed). */
    public static void writeStartFiles(Path dir) {
        try {
            Files.createDirectories(dir);
            for (String f : FILES) {
                try (InputStream in = BareMetal.class.getResourceAsStream("baremetal/" + f)) {
                    if (in == null) throw new IllegalStateException("resource tagmatch/dpa/baremetal/" + f + " is missing");
                    Files.copy(in, dir.resolve(f), StandardCopyOption.REPLACE_EXISTING);
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Compiles and links {@code sources} with the start files into {@code out}; {@code flags} are extra gcc flags (-O2, -DX=1). */
    public static Path compile(List<Path> sources, Path out, List<String> flags) {
        Path dir = out.toAbsolutePath().getParent().resolve("dpa-start");
        writeStartFiles(dir);
        List<String> cmd = new ArrayList<>(List.of(GCC, "-march=rv64imac_zicsr", "-mabi=lp64", "-mcmodel=medany", "-nostdlib",
                "-ffreestanding", "-static", "-I" + dir, "-T", dir.resolve("link.ld").toString(), "-o", out.toString()));
        cmd.addAll(flags);
        cmd.add(dir.resolve("crt0.S").toString());
        for (Path s : sources) cmd.add(s.toString());
        cmd.add("-lgcc");
        Exec.of(cmd).hint("gcc-riscv64-unknown-elf").check();
        return out;
    }
}

package tagmatch.dpasystem;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import tagmatch.dpa.BareMetal;
import tagmatch.dpa.ElfImage;
import tagmatch.process.Exec;

/**
 * The steps every firmware image of the cluster shares: its C resources copied next to the
 * generated sources, each source compiled once for rv64imac, and each run's input linked in as
 * {@code dpa_input} (the words a program reads), so that a run costs a link, not a compile.
 */
final class CrossBuild {
    static final List<String> CFLAGS = List.of("-O2", "-std=c11", "-Wall", "-Wextra", "-Werror");

    private CrossBuild() {}

    /** Copies the resources {@code names} (relative to this package) into {@code dir}, each under its file name. */
    static void copyResources(Path dir, List<String> names) {
        try {
            for (String r : names) {
                try (InputStream in = CrossBuild.class.getResourceAsStream(r)) {
                    if (in == null) throw new IllegalStateException("resource tagmatch/dpasystem/" + r + " is missing");
                    Files.copy(in, dir.resolve(Path.of(r).getFileName().toString()), StandardCopyOption.REPLACE_EXISTING);
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Compiles each of {@code sources} (in {@code dir}) to an object with the cluster's start files on the include path. */
    static List<Path> compile(Path dir, List<String> sources) {
        return compile(dir, sources, List.of());
    }

    /** As {@link #compile(Path, List)}, with {@code flags} after the usual ones. */
    static List<Path> compile(Path dir, List<String> sources, List<String> flags) {
        Path start = dir.resolve("dpa-start");
        BareMetal.writeStartFiles(start);
        List<Path> objects = new ArrayList<>();
        for (String src : sources) {
            Path o = dir.resolve(src.replace(".c", ".o"));
            List<String> cmd = new ArrayList<>(List.of(BareMetal.GCC, "-march=rv64imac_zicsr", "-mabi=lp64", "-mcmodel=medany",
                    "-ffreestanding", "-I" + dir, "-I" + start, "-c", "-o", o.toString()));
            cmd.addAll(CFLAGS);
            cmd.addAll(flags);
            cmd.add(dir.resolve(src).toString());
            Exec.of(cmd).in(dir).hint("gcc-riscv64-unknown-elf").check();
            objects.add(o);
        }
        return objects;
    }

    /** Links {@code objects} with {@code input} as {@code dpa_input} into an ELF for a RAM of {@code ramBytes}; {@code n} names the run's files. */
    static ElfImage link(Path dir, List<Path> objects, byte[] input, int n, long ramBytes) {
        try {
            Path bin = dir.resolve("input-" + n + ".bin");
            Files.write(bin, input);
            Path asm = dir.resolve("input-" + n + ".S");
            Files.writeString(asm, "    .section .rodata\n    .balign 8\n    .globl dpa_input\ndpa_input:\n    .incbin \"" + bin + "\"\n");
            List<Path> sources = new ArrayList<>(objects);
            sources.add(asm);
            Path elf = BareMetal.compile(sources, dir.resolve("dpa-" + n + ".elf"), List.of());
            ElfImage image = ElfImage.read(elf, ramBytes);
            Files.delete(bin);
            Files.delete(asm);
            Files.delete(elf);
            return image;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}

package tagmatch.testbench.dpa;

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
import tagmatch.otm.OtmConfig;
import tagmatch.otm.OtmGenerator;
import tagmatch.process.Exec;

/**
 * The generated matcher of one {@link OtmConfig}, unmodified, with the cluster's driver
 * ({@code otm_dpa_driver.c}): {@code otm.c} and the driver are compiled once, and each run links
 * them with its own input ({@link DriverInput}) into an ELF.
 */
public final class FirmwareImage {
    static final List<String> CFLAGS = List.of("-O2", "-std=c11", "-Wall", "-Wextra", "-Werror");
    private static final List<String> RESOURCES = List.of("otm_dpa_driver.c", "stdlib.h");

    private final OtmConfig config;
    private final Path dir;
    private final List<Path> objects;
    private int runs;

    private FirmwareImage(OtmConfig config, Path dir, List<Path> objects) {
        this.config = config;
        this.dir = dir;
        this.objects = objects;
    }

    /** Generates {@code config} into {@code root/<config key>} and compiles it and the driver for the cluster. */
    public static FirmwareImage build(OtmConfig config, Path root) {
        Path dir = root.resolve(config.key()).toAbsolutePath();
        try {
            OtmGenerator.write(config, dir);
            for (String r : RESOURCES) {
                try (InputStream in = FirmwareImage.class.getResourceAsStream(r)) {
                    if (in == null) throw new IllegalStateException("resource tagmatch/testbench/dpa/" + r + " is missing");
                    Files.copy(in, dir.resolve(r), StandardCopyOption.REPLACE_EXISTING);
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        Path start = dir.resolve("dpa-start");
        BareMetal.writeStartFiles(start);
        List<Path> objects = new ArrayList<>();
        for (String src : List.of("otm.c", "otm_dpa_driver.c")) {
            Path o = dir.resolve(src.replace(".c", ".o"));
            List<String> cmd = new ArrayList<>(List.of(BareMetal.GCC, "-march=rv64imac_zicsr", "-mabi=lp64", "-mcmodel=medany",
                    "-ffreestanding", "-I" + dir, "-I" + start, "-c", "-o", o.toString()));
            cmd.addAll(CFLAGS);
            cmd.add(dir.resolve(src).toString());
            Exec.of(cmd).in(dir).hint("gcc-riscv64-unknown-elf").check();
            objects.add(o);
        }
        return new FirmwareImage(config, dir, objects);
    }

    public OtmConfig config() {
        return config;
    }

    /** Links the firmware with {@code input} into an ELF for the cluster. */
    public ElfImage link(DriverInput input, long ramBytes) {
        int n = ++runs;
        try {
            Path bin = dir.resolve("input-" + n + ".bin");
            Files.write(bin, input.bytes());
            Path asm = dir.resolve("input-" + n + ".S");
            Files.writeString(asm, "    .section .rodata\n    .balign 8\n    .globl dpa_input\ndpa_input:\n    .incbin \"" + bin + "\"\n");
            List<Path> sources = new ArrayList<>(objects);
            sources.add(asm);
            Path elf = BareMetal.compile(sources, dir.resolve("otm-dpa-" + n + ".elf"), List.of());
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

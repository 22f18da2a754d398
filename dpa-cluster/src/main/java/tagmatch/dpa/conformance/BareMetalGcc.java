package tagmatch.dpa.conformance;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import tagmatch.process.Exec;

/**
 * {@code riscv64-unknown-elf-gcc -march=rv64imac -mabi=lp64}, linked bare metal for the cluster:
 * everything at {@code 0x8000_0000}, the section {@code .text.entry} first (the entry), no C
 * library ({@code -nostdlib}, libgcc for the helpers GCC calls).
 */
public final class BareMetalGcc {
    /** Where RAM, and so the image, starts. */
    public static final long RAM_BASE = 0x8000_0000L;

    private static final String LINKER_SCRIPT = """
            ENTRY(_start)
            SECTIONS {
              . = 0x80000000;
              .text : { *(.text.entry) *(.text .text.*) }
              .rodata : { *(.rodata .rodata.* .srodata .srodata.*) }
              .data : { *(.data .data.*) *(.sdata .sdata.*) }
              .bss : { *(.bss .bss.*) *(.sbss .sbss.*) *(COMMON) }
              . = ALIGN(64);
              _end = .;
            }
            """;

    private BareMetalGcc() {}

    /**
     * Compiles and links {@code sources} (C or assembly) in {@code dir} into {@code elf}, with
     * {@code flags} before them (for example {@code -O2}, {@code -I...}, {@code -D...}).
     */
    public static Path link(Path dir, Path elf, List<String> flags, List<Path> sources) {
        try {
            Path script = dir.resolve("bare-metal.ld");
            if (!Files.exists(script) || !Files.readString(script).equals(LINKER_SCRIPT)) Files.writeString(script, LINKER_SCRIPT);
            List<String> cmd = new ArrayList<>(List.of("riscv64-unknown-elf-gcc", "-march=rv64imac", "-mabi=lp64", "-mcmodel=medany",
                    "-nostdlib", "-nostartfiles", "-ffreestanding", "-Wl,--no-warn-rwx-segments", "-T", script.toString(), "-o", elf.toString()));
            cmd.addAll(flags);
            for (Path s : sources) cmd.add(s.toString());
            cmd.add("-lgcc");
            Exec.of(cmd).in(dir).hint("gcc-riscv64-unknown-elf").check();
            return elf;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}

package tagmatch.dpa.conformance;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import tagmatch.dpa.Retirement;
import java.util.function.Function;

/**
 * One seed of the ISA check: the random stream of that seed, built once, run on one hart of the
 * cluster and under qemu-riscv64, compared retirement by retirement ({@link Lockstep}).
 */
public final class StreamCheck {
    /** What one seed gave: the instructions compared, and the first difference (null: none). */
    public record Outcome(long seed, int length, int compared, String difference) {
        public boolean passed() {
            return difference == null;
        }

        /** How to run this seed again on its own. */
        public String reproduce() {
            return "mvn -pl dpa-cluster test -Dtest=RandomStreamAgainstQemuTest -Ddpa.isa.first=" + seed
                    + " -Ddpa.isa.seeds=1 -Ddpa.isa.length=" + length;
        }

        @Override
        public String toString() {
            return "seed " + seed + " (" + length + " instructions): " + (passed() ? "PASS, " + compared + " retirements compared"
                    : "FAIL: " + difference + "\n  reproduce: " + reproduce());
        }
    }

    private StreamCheck() {}

    /** The ELF of {@code seed}'s stream, built in {@code dir}. */
    public static Path build(long seed, int length, Path where) {
        Path dir = where.toAbsolutePath();
        try {
            Files.createDirectories(dir);
            Path src = dir.resolve("stream-" + seed + ".S");
            Files.writeString(src, RandomStream.assembly(seed, length));
            return BareMetalGcc.link(dir, dir.resolve("stream-" + seed + ".elf"), List.of(), List.of(src));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * Checks one seed; {@code hart} runs an ELF on one hart and returns its retirements. The
     * sources are deleted when the seed passes and kept (in {@code dir}) when it fails.
     */
    public static Outcome check(long seed, int length, Path where, Function<Path, List<Retirement>> hart) {
        Path dir = where.toAbsolutePath();
        Path elf = build(seed, length, dir);
        QemuStates qemu = QemuStates.run(elf, dir);
        String diff = Lockstep.firstDifference(qemu, hart.apply(elf));
        if (diff == null) {
            try {
                Files.deleteIfExists(elf);
                Files.deleteIfExists(dir.resolve("stream-" + seed + ".S"));
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        return new Outcome(seed, length, qemu.size(), diff);
    }
}

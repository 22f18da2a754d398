package tagmatch.dpa.conformance;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import tagmatch.process.Exec;

/**
 * The second opinion: {@code qemu-riscv64 -singlestep -d cpu,nochain} runs a bare-metal ELF one
 * instruction per translation block and logs the pc and the 32 integer registers before each
 * instruction. The program ends at its exit store, which faults under qemu (no device at
 * {@code 0x1000_0008}): the last state logged is the one before that store.
 */
public final class QemuStates {
    private final long[] pcs;
    private final long[][] regs;

    private QemuStates(long[] pcs, long[][] regs) {
        this.pcs = pcs;
        this.regs = regs;
    }

    /** Runs {@code elf} under qemu-riscv64 with its log in {@code dir} (deleted afterwards). */
    public static QemuStates run(Path elf, Path dir) {
        Path log = dir.resolve(elf.getFileName() + ".qemu.log");
        try {
            Exec.of("qemu-riscv64", "-singlestep", "-d", "cpu,nochain", "-D", log.toString(), elf.toString()).in(dir).hint("qemu-user").run();
            return parse(log);
        } finally {
            try {
                Files.deleteIfExists(log);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
    }

    /** Parses a log of {@code -d cpu}: " pc XXXX" lines, each followed by "xN/name XXXX" pairs. */
    public static QemuStates parse(Path log) {
        List<Long> pcs = new ArrayList<>();
        List<long[]> regs = new ArrayList<>();
        try (BufferedReader r = Files.newBufferedReader(log, StandardCharsets.US_ASCII)) {
            long[] cur = null;
            for (String line; (line = r.readLine()) != null; ) {
                String t = line.strip();
                if (t.startsWith("pc ")) {
                    pcs.add(Long.parseUnsignedLong(t.substring(3).strip(), 16));
                    cur = new long[32];
                    regs.add(cur);
                } else if (cur != null && t.startsWith("x")) {
                    String[] f = t.split("\\s+");
                    for (int i = 0; i + 1 < f.length; i += 2) {
                        int slash = f[i].indexOf('/');
                        if (slash < 2 || f[i].charAt(0) != 'x') continue;
                        cur[Integer.parseInt(f[i].substring(1, slash))] = Long.parseUnsignedLong(f[i + 1], 16);
                    }
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        if (pcs.isEmpty()) throw new IllegalStateException("qemu-riscv64 logged no instruction in " + log);
        long[] p = new long[pcs.size()];
        for (int i = 0; i < p.length; i++) p[i] = pcs.get(i);
        return new QemuStates(p, regs.toArray(new long[0][]));
    }

    /** States logged: one before each instruction qemu began, the last one's included. */
    public int size() {
        return pcs.length;
    }

    public long pc(int i) {
        return pcs[i];
    }

    /** Register {@code r} before instruction {@code i}. */
    public long reg(int i, int r) {
        return regs[i][r];
    }
}

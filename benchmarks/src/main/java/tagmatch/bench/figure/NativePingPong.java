package tagmatch.bench.figure;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import tagmatch.otm.OtmConfig;
import tagmatch.process.Exec;
import tagmatch.testbench.firmware.FirmwareBuild;

/**
 * The ping-pong's matching natively on one host core ({@code pingpong_native.c}): the generated
 * {@code otm.c} of a one-thread build, or the linked lists of {@code otm_baseline.h}, compiled
 * with gcc -O2 against the firmware generated as the native co-simulation generates it.
 */
final class NativePingPong {
    private final Path exe;

    private NativePingPong(Path exe) {
        this.exe = exe;
    }

    /** Generates {@code config} with one thread into {@code work} and compiles the program against it. */
    static NativePingPong build(OtmConfig config, Path work) throws IOException {
        Path dir = FirmwareBuild.generate(config.withThreads(1), work).dir();
        Path src = dir.resolve("pingpong_native.c");
        try (InputStream in = NativePingPong.class.getResourceAsStream("pingpong_native.c")) {
            if (in == null) throw new IllegalStateException("missing resource pingpong_native.c");
            Files.write(src, in.readAllBytes());
        }
        Path exe = dir.resolve("pingpong_native");
        Exec.of("gcc", "-std=c11", "-O2", "-Wall", "-Wextra", "-Werror", "-o", exe.toString(), src.toString(), dir.resolve("otm.c").toString())
                .in(dir).hint("gcc").check();
        return new NativePingPong(exe);
    }

    /** Nanoseconds per message of {@code sequences} sequences of {@code k} after {@code warmup}; {@code otm} or the list. */
    double nsPerMessage(boolean otm, boolean conflict, int k, int sequences, int warmup) {
        String out = Exec.of(exe.toString(), otm ? "otm" : "list", conflict ? "conflict" : "no-conflict", String.valueOf(k),
                String.valueOf(sequences), String.valueOf(warmup)).in(exe.getParent()).check();
        for (String line : out.split("\n")) {
            if (line.startsWith("ns_per_message ")) return Double.parseDouble(line.split(" ")[1]);
        }
        throw new IllegalStateException("no ns_per_message in pingpong_native's output:\n" + out);
    }
}

package tagmatch.testbench.firmware;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** Runs the external tools (make, gcc, qemu); a missing tool is an error, never a skip. */
public final class Commands {
    private Commands() {}

    /** Output of a finished command. */
    public record Run(int exit, String output) {}

    public static Run run(Path dir, long timeoutSeconds, List<String> cmd) {
        ProcessBuilder pb = new ProcessBuilder(cmd).directory(dir.toFile()).redirectErrorStream(true);
        Process p;
        try {
            p = pb.start();
        } catch (IOException e) {
            throw new IllegalStateException("cannot run '" + cmd.get(0) + "' (is it installed? see scripts/toolchain.sh): "
                    + e.getMessage(), e);
        }
        try {
            byte[] out = p.getInputStream().readAllBytes();
            if (!p.waitFor(timeoutSeconds, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                throw new IllegalStateException(String.join(" ", cmd) + " timed out after " + timeoutSeconds + " s");
            }
            return new Run(p.exitValue(), new String(out, StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new IllegalStateException(String.join(" ", cmd) + ": " + e.getMessage(), e);
        } catch (InterruptedException e) {
            p.destroyForcibly();
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted: " + String.join(" ", cmd), e);
        }
    }

    /** Runs and requires exit status 0. */
    public static String check(Path dir, long timeoutSeconds, List<String> cmd) {
        Run r = run(dir, timeoutSeconds, cmd);
        if (r.exit() != 0) {
            throw new IllegalStateException(String.join(" ", cmd) + " failed with exit " + r.exit() + ":\n" + r.output());
        }
        return r.output();
    }
}

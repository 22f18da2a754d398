package tagmatch.process;

import java.nio.file.Files;

/**
 * A JVM for {@link ExitCleanupTest} to end in each way: it makes a temporary directory with a
 * file, prints the directory, then (by its argument) returns, throws, or runs a tool tree that
 * never ends until it is signalled.
 */
public final class ExitCleanupProbe {
    public static void main(String[] args) throws Exception {
        ScratchDir dir = ScratchDir.create("probe"); // never closed: the exit cleanup must remove it
        Files.writeString(dir.path().resolve("work.txt"), "partial");
        System.out.println(dir.path());
        System.out.flush();
        switch (args[0]) {
            case "return":
                return;
            case "throw":
                throw new IllegalStateException("the probe fails");
            case "tool":
                Exec.of("sh", "-c", "sleep 600 & sleep 600").run();
                return;
            default:
                throw new IllegalArgumentException(args[0]);
        }
    }
}

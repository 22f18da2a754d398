package tagmatch.process;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * What this JVM removes and kills when it ends, however it ends: a normal exit, an uncaught
 * error, or SIGINT/SIGTERM (Ctrl-C, {@code kill}). One shutdown hook, installed with the first
 * registration, first kills every running child tool with its whole process tree (a tool must
 * not go on writing into a directory that is being removed), then deletes every registered
 * temporary directory.
 *
 * <p>Once the hook has started, nothing new is registered: a temporary directory is refused
 * and a tool is not started ({@link #open()} is false), because the main thread keeps running
 * while the hook does its work.
 */
final class ExitCleanup {
    private static final Set<Path> DIRS = new LinkedHashSet<>();
    private static final Set<Process> PROCESSES = new LinkedHashSet<>();
    private static boolean hooked;
    private static boolean closing;

    private ExitCleanup() {}

    /** Removes {@code dir} when the JVM ends, unless {@link #forget} comes first. False once the JVM is ending. */
    static synchronized boolean deleteOnExit(Path dir) {
        if (!open()) {
            return false;
        }
        DIRS.add(dir);
        return true;
    }

    static synchronized void forget(Path dir) {
        DIRS.remove(dir);
    }

    /** Kills {@code p} and its descendants when the JVM ends, unless it has been {@link #finished}. False once the JVM is ending. */
    static synchronized boolean killOnExit(Process p) {
        if (!open()) {
            return false;
        }
        PROCESSES.add(p);
        return true;
    }

    static synchronized void finished(Process p) {
        PROCESSES.remove(p);
    }

    /** True once the JVM has started to end. */
    static synchronized boolean closing() {
        return closing;
    }

    /** True until the JVM starts to end. */
    static synchronized boolean open() {
        if (closing) {
            return false;
        }
        if (!hooked) {
            Runtime.getRuntime().addShutdownHook(new Thread(ExitCleanup::run, "tagmatch-exit-cleanup"));
            hooked = true;
        }
        return true;
    }

    private static void run() {
        List<Process> processes;
        List<Path> dirs;
        synchronized (ExitCleanup.class) {
            closing = true;
            processes = List.copyOf(PROCESSES);
            dirs = List.copyOf(DIRS);
        }
        for (Process p : processes) {
            Exec.kill(p);
        }
        // The main thread may still write into a directory while the first pass removes it.
        for (int pass = 0; pass < 3 && dirs.stream().anyMatch(Files::exists); pass++) {
            dirs.forEach(ScratchDir::delete);
        }
    }
}

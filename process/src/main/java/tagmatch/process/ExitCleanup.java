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
 * <p>Making a directory or starting a tool and registering it happen under the hook's lock, so
 * a signal between the two cannot leave an unregistered one behind. Once the hook has started,
 * nothing new is made: a temporary directory is refused and a tool is not started, because the
 * main thread keeps running while the hook does its work.
 */
final class ExitCleanup {
    private static final Set<Path> DIRS = new LinkedHashSet<>();
    private static final Set<Process> PROCESSES = new LinkedHashSet<>();
    private static boolean hooked;
    private static boolean closing;

    private ExitCleanup() {}

    /** Makes a directory and removes it when the JVM ends, unless {@link #forget} comes first; empty once the JVM is ending. */
    static synchronized java.util.Optional<Path> makeDir(Maker<Path> maker) throws java.io.IOException {
        if (!open()) {
            return java.util.Optional.empty();
        }
        Path dir = maker.make();
        DIRS.add(dir);
        return java.util.Optional.of(dir);
    }

    /** Something made under the hook's lock. */
    interface Maker<T> {
        T make() throws java.io.IOException;
    }

    static synchronized void forget(Path dir) {
        DIRS.remove(dir);
    }

    /** Starts a tool and kills it with its descendants when the JVM ends, unless it has {@link #finished}; empty once the JVM is ending. */
    static synchronized java.util.Optional<Process> start(Maker<Process> starter) throws java.io.IOException {
        if (!open()) {
            return java.util.Optional.empty();
        }
        Process p = starter.make();
        PROCESSES.add(p);
        return java.util.Optional.of(p);
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

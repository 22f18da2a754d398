package tagmatch.hdl.core;

import tagmatch.hdl.ir.Locator;

import java.util.Optional;

/**
 * Finds the line of user code that is describing hardware right now: the first stack frame
 * outside the DSL's own implementation packages. The standard library counts as user code, so
 * a FIFO's registers point into {@code SyncFifo.java}.
 */
final class Locators {
    private static final StackWalker WALKER = StackWalker.getInstance();

    private Locators() {}

    static Locator here() {
        Optional<StackWalker.StackFrame> frame = WALKER.walk(s -> s.filter(f -> !internal(f.getClassName())).findFirst());
        return frame.map(f -> new Locator(f.getFileName() == null ? f.getClassName() : f.getFileName(), f.getLineNumber()))
                .orElse(Locator.UNKNOWN);
    }

    private static boolean internal(String cls) {
        return cls.startsWith("tagmatch.hdl.core.") || cls.startsWith("tagmatch.hdl.ir.")
                || cls.startsWith("tagmatch.hdl.passes.") || cls.startsWith("java.") || cls.startsWith("jdk.");
    }
}

package tagmatch.hdl.core;

import tagmatch.hdl.ir.Locator;

import java.util.Optional;

/**
 * Finds the line of user code that is describing hardware right now: the first stack frame
 * outside the DSL's own implementation packages. The standard library counts as user code, so
 * a FIFO's registers point into {@code SyncFifo.java}.
 */
final class Locators {
    private static final StackWalker WALKER = StackWalker.getInstance(StackWalker.Option.RETAIN_CLASS_REFERENCE);
    private static final java.util.Set<String> INTERNAL = java.util.Set.of(
            "tagmatch.hdl.core", "tagmatch.hdl.ir", "tagmatch.hdl.passes", "tagmatch.hdl.backend");

    private Locators() {}

    static Locator here() {
        Optional<StackWalker.StackFrame> frame = WALKER.walk(s -> s.filter(f -> !internal(f.getDeclaringClass())).findFirst());
        return frame.map(f -> new Locator(f.getFileName() == null ? f.getClassName() : f.getFileName(), f.getLineNumber()))
                .orElse(Locator.UNKNOWN);
    }

    /** The DSL's own classes; a user's module counts as user code whatever its package. */
    private static boolean internal(Class<?> cls) {
        if (cls == Module.class) return true;
        if (Module.class.isAssignableFrom(cls)) return false;
        String pkg = cls.getPackageName();
        return INTERNAL.contains(pkg) || pkg.startsWith("java.") || pkg.startsWith("jdk.");
    }
}

package tagmatch.hdl.backend;

import tagmatch.hdl.ir.Check;
import tagmatch.hdl.ir.ModuleDef;

/**
 * Which properties the formal section of an emitted module holds, and as what. A prover that
 * checks covers with an engine that only knows bad states (ABC) asks for them as assertions of
 * their negation, all at once or one at a time, instead of rewriting the text.
 *
 * @param negateCovers every {@code cover (c)} written as {@code assert (!c)}, and the assertions
 *                     left out; assumptions stay
 * @param onlyModule with {@code negateCovers}, the module whose cover alone is kept; null for all covers
 * @param onlyCover the index of that cover among its module's covers, in {@link ModuleDef#checks()} order
 */
public record FormalView(boolean negateCovers, String onlyModule, int onlyCover) {
    /** Every property as written in the DSL. */
    public static final FormalView AS_WRITTEN = new FormalView(false, null, -1);

    /** Every cover as an assertion of its negation; the assertions left out. */
    public static FormalView coversAsAssertions() {
        return new FormalView(true, null, -1);
    }

    /** Only the {@code index}-th cover of module {@code module}, as an assertion of its negation; every other cover and assertion left out. */
    public static FormalView onlyCover(String module, int index) {
        return new FormalView(true, module, index);
    }

    /** Whether {@code check}, the {@code coverIndex}-th cover of module {@code module} when it is a cover, is written. */
    boolean writes(String module, Check check, int coverIndex) {
        if (!negateCovers) return true;
        return switch (check.kind()) {
            case ASSUME -> true;
            case ASSERT -> false;
            case COVER -> onlyModule == null || onlyModule.equals(module) && onlyCover == coverIndex;
        };
    }
}

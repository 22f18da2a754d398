package tagmatch.hdl.ir;

import java.util.List;

/**
 * Statements of a module body. Before when-lowering a body is a tree of {@link Connect},
 * {@link When}, {@link Switch} and {@link MemWrite}; after it, only one {@link Connect} per sink
 * and unconditional {@link MemWrite}s with an explicit enable remain.
 */
public sealed interface Stmt permits Stmt.Connect, Stmt.When, Stmt.Switch, Stmt.MemWrite {

    /** {@code sink := source}. Later connects to the same sink win (last-connect semantics). */
    record Connect(Expr sink, Expr source, List<Locator> locators) implements Stmt {
        public Connect {
            locators = List.copyOf(locators);
        }

        public Connect(Expr sink, Expr source, Locator locator) {
            this(sink, source, List.of(locator));
        }
    }

    /** A conditional block with an else branch; elseWhen chains nest in {@code otherwise}. */
    record When(Expr cond, List<Stmt> then, List<Stmt> otherwise, Locator locator) implements Stmt {}

    /** A choice on one selector among literal keys; the {@code otherwise} body runs when none equals. */
    record Switch(Expr selector, List<Expr.Lit> keys, List<List<Stmt>> bodies, List<Stmt> otherwise,
                  Locator locator) implements Stmt {}

    /** Writes {@code data} to {@code memory[address]} at the clock edge when {@code enable} is 1. */
    record MemWrite(Memory memory, Expr address, Expr data, Expr enable, Locator locator) implements Stmt {}
}

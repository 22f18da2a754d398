package tagmatch.hdl.ir;

import java.util.List;

/**
 * Statements of a module body. Before when-lowering a body is a tree of {@link Connect},
 * {@link When}, {@link Switch} and {@link MemWrite}; after it, only one {@link Connect} per sink
 * and unconditional {@link MemWrite}s with an explicit enable remain.
 */
public sealed interface Stmt permits Stmt.Connect, Stmt.When, Stmt.Switch, Stmt.MemWrite, Stmt.Print {

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

    /**
     * Writes {@code data} to {@code memory[address]} at the clock edge when {@code enable} is 1.
     * {@code mask} has one bit per lane: the word splits into {@code mask.width()} lanes of equal
     * width, lane {@code i} being bits {@code [i*g, (i+1)*g)}, and only lanes whose bit is 1 are
     * written. A 1-bit all-ones mask writes the whole word.
     */
    record MemWrite(Memory memory, Expr address, Expr data, Expr enable, Expr mask, Locator locator) implements Stmt {
        public MemWrite {
            if (mask.width() < 1 || memory.width() % mask.width() != 0)
                throw new IllegalArgumentException("a " + mask.width() + "-bit write mask does not split a "
                        + memory.width() + "-bit word into equal lanes");
        }

        /** A whole-word write. */
        public MemWrite(Memory memory, Expr address, Expr data, Expr enable, Locator locator) {
            this(memory, address, data, enable, Expr.Lit.of(1, 1), locator);
        }

        /** The same write with new expressions (passes that rewrite expressions use it). */
        public MemWrite with(Expr newAddress, Expr newData, Expr newEnable, Expr newMask) {
            return new MemWrite(memory, newAddress, newData, newEnable, newMask, locator);
        }

        /** Bits per lane of the mask. */
        public int laneWidth() { return memory.width() / mask.width(); }

        /** Whether every lane is written (no mask, or a constant all-ones one). */
        public boolean wholeWord() { return mask instanceof Expr.Lit l && l.isAllOnes(); }
    }

    /**
     * Prints {@code format} with {@code args} at each rising edge of {@code clock} where {@code enable} is 1
     * (the values just before the edge). {@code clock} is a pin like a memory's.
     */
    record Print(Expr clock, Expr enable, PrintFormat format, List<Expr> args, Locator locator) implements Stmt {
        public Print {
            args = List.copyOf(args);
            if (args.size() != format.arguments())
                throw new IllegalArgumentException("printf format has " + format.arguments() + " conversions but "
                        + args.size() + " values were given");
        }

        /** The same print with new expressions (passes that rewrite expressions use it). */
        public Print with(Expr newEnable, List<Expr> newArgs) {
            return new Print(clock, newEnable, format, newArgs, locator);
        }
    }
}

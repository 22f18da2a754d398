package tagmatch.hdl.core;

import tagmatch.hdl.ir.Expr;
import tagmatch.hdl.ir.HdlException;
import tagmatch.hdl.ir.Locator;
import tagmatch.hdl.ir.ModuleDef;
import tagmatch.hdl.ir.Stmt;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;

/**
 * The elaboration context of the current thread: which module is being described and which
 * statement block ({@code when} branch) new connections go into. Like Chisel's Builder, it is
 * implicit so that hardware can be described with plain Java calls.
 */
final class Builder {
    private static final ThreadLocal<Builder> CURRENT = new ThreadLocal<>();

    private final Deque<Frame> stack = new ArrayDeque<>();
    /** Definitions made by {@code Hdl.definition(Class, params, make)}, by generator class and parameters. */
    final java.util.Map<List<Object>, Definition<?>> definitions = new java.util.HashMap<>();

    /** One module under construction. */
    static final class Frame {
        final Module module;
        final ModuleDef def;
        final Deque<List<Stmt>> blocks = new ArrayDeque<>();
        Expr clockOverride;
        /** The reset in force as an active-high condition, or null for the module's implicit one. */
        Expr resetOverride;
        /** The reset signal in force as given (0 asserts it for an active-low kind), or null for the implicit one. */
        Expr resetSignalOverride;
        /** How the reset in force acts. */
        ResetKind resetKind;
        /** The domain in force, or null for the module's implicit one. */
        ClockDomain domain;
        private Expr implicitCondition;
        /** Work left until the constructor has run (a transparent read needs every write of its memory). */
        final List<Runnable> finishers = new ArrayList<>();

        Frame(Module module, ModuleDef def) {
            this.module = module;
            this.def = def;
            blocks.push(def.body());
            resetKind = kindOf(def);
        }

        void add(Stmt s) {
            blocks.peek().add(s);
        }

        /**
         * Runs {@code body} with the given clock, reset and domain in force (null: the module's
         * implicit ones), then puts back those in force before, however {@code body} ends.
         */
        void within(Expr clock, Expr reset, Expr resetSignal, ResetKind kind, ClockDomain inDomain, Runnable body) {
            Expr savedClock = clockOverride;
            Expr savedReset = resetOverride;
            Expr savedSignal = resetSignalOverride;
            ResetKind savedKind = resetKind;
            ClockDomain savedDomain = domain;
            clockOverride = clock;
            resetOverride = reset;
            resetSignalOverride = resetSignal;
            resetKind = kind;
            domain = inDomain;
            try {
                body.run();
            } finally {
                clockOverride = savedClock;
                resetOverride = savedReset;
                resetSignalOverride = savedSignal;
                resetKind = savedKind;
                domain = savedDomain;
            }
        }

        /** Runs {@code body} with new statements going into {@code block}. */
        void inBlock(List<Stmt> block, Runnable body) {
            blocks.push(block);
            try {
                body.run();
            } finally {
                blocks.pop();
            }
        }

        Expr clock() {
            return clockOverride != null ? clockOverride : new Expr.Ref(def.clockPort());
        }

        /** The reset in force as an active-high condition. */
        Expr reset() {
            if (resetOverride != null) return resetOverride;
            if (implicitCondition == null) {
                Expr r = new Expr.Ref(def.resetPort());
                implicitCondition = def.resetActiveLow() ? ClockDomain.inverse(r, !def.resetAsync()) : r;
            }
            return implicitCondition;
        }

        /** The reset signal in force as given, for a child's reset port. */
        Expr resetSignal() {
            return resetSignalOverride != null ? resetSignalOverride : new Expr.Ref(def.resetPort());
        }

        /** The clock in force as a value. */
        Bool clockValue() {
            Expr c = clock();
            return c instanceof Expr.Ref ref ? viewOf(ref.signal()) : new Bool(c);
        }

        /** The reset signal in force as a value. */
        Bool resetValue() {
            Expr r = resetSignal();
            if (r instanceof Expr.Ref ref) return viewOf(ref.signal());
            return new Bool(r);
        }

        private Bool viewOf(tagmatch.hdl.ir.Signal s) {
            Bool b = new Bool();
            b.bind(s, module);
            return b;
        }
    }

    static ResetKind kindOf(ModuleDef def) {
        return def.resetAsync() ? (def.resetActiveLow() ? ResetKind.ASYNC_LOW : ResetKind.ASYNC_HIGH)
                : (def.resetActiveLow() ? ResetKind.SYNC_LOW : ResetKind.SYNC_HIGH);
    }

    static Builder start() {
        if (CURRENT.get() != null) throw new IllegalStateException("an elaboration is already running on this thread");
        Builder b = new Builder();
        CURRENT.set(b);
        return b;
    }

    static void end() {
        CURRENT.remove();
    }

    static Builder active() {
        Builder b = CURRENT.get();
        if (b == null)
            throw new HdlException("hardware can only be described during elaboration: build the top with "
                    + "Elaborator.elaborate(() -> new Top(...)) and children with instance(new Child(...))", Locators.here());
        return b;
    }

    /** The module being described now. */
    static Frame frame() {
        Builder b = active();
        if (b.stack.isEmpty()) throw new HdlException("no module is being elaborated", Locators.here());
        return b.stack.peek();
    }

    /** The current frame, or null outside elaboration (literals may be made anywhere). */
    static Frame frameOrNull() {
        Builder b = CURRENT.get();
        return b == null || b.stack.isEmpty() ? null : b.stack.peek();
    }

    void push(Module m, ModuleDef def) {
        stack.push(new Frame(m, def));
    }

    Frame pop(Module expected) {
        Frame top = stack.peek();
        if (top == null || top.module != expected) {
            String stray = top == null ? expected.getClass().getSimpleName() : top.module.getClass().getSimpleName();
            throw new HdlException("module " + stray + " was constructed but not instantiated: write instance(new "
                    + stray + "(...)) right where it is constructed", top == null ? Locators.here() : top.def.locator());
        }
        // Finishers may add finishers; the frame stays current while they describe hardware.
        for (int i = 0; i < top.finishers.size(); i++) top.finishers.get(i).run();
        return stack.pop();
    }

    static void add(Stmt s) {
        frame().add(s);
    }

    static Locator here() {
        return Locators.here();
    }

    static List<Stmt> newBlock() {
        return new ArrayList<>();
    }
}

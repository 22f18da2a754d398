package tagmatch.hdl.lib;

import tagmatch.hdl.core.Bool;
import tagmatch.hdl.core.Switch;
import tagmatch.hdl.core.UInt;
import tagmatch.hdl.ir.Widths;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static tagmatch.hdl.core.Hdl.*;

/**
 * A state machine whose states are names computed at elaboration (their number depends on
 * generator parameters, as in {@link SequenceDetector}); when the states are fixed, use the
 * typed {@link StateMachine} over a Java enum instead. Emitted as a Verilog {@code case} over
 * {@code localparam} state names; the first state is the reset state.
 *
 * <pre>{@code
 * NamedStateMachine fsm = new NamedStateMachine("state", "IDLE", "BUSY", "DONE");
 * fsm.on("IDLE", () -> when(start, () -> fsm.goTo("BUSY")))
 *    .on("BUSY", () -> when(finished, () -> fsm.goTo("DONE")))
 *    .on("DONE", () -> fsm.goTo("IDLE"));
 * busy.set(fsm.is("BUSY"));
 * }</pre>
 */
public final class NamedStateMachine {
    private final UInt state;
    private final Map<String, UInt> codes = new LinkedHashMap<>();
    private Switch cases;

    public NamedStateMachine(String name, String... states) {
        this(name, List.of(states));
    }

    public NamedStateMachine(String name, List<String> states) {
        if (states.isEmpty()) throw new IllegalArgumentException("a NamedStateMachine needs at least one state");
        int w = Widths.forCount(states.size());
        for (int i = 0; i < states.size(); i++) {
            String s = states.get(i);
            if (!s.matches("[A-Za-z_][A-Za-z0-9_]*"))
                throw new IllegalArgumentException("state name '" + s + "' is not an identifier");
            if (codes.put(s, state(s, i, w)) != null) throw new IllegalArgumentException("state " + s + " is listed twice");
        }
        state = regInit(UInt(w), codes.get(states.get(0))).named(name);
    }

    /** The state register. */
    public UInt current() {
        return state;
    }

    /** The code of a state, as a named constant. */
    public UInt code(String name) {
        UInt c = codes.get(name);
        if (c == null) throw new IllegalArgumentException("no state " + name + "; states are " + codes.keySet());
        return c;
    }

    public Bool is(String name) {
        return state.eq(code(name));
    }

    /** Moves to {@code name} at the next clock edge (under the enclosing when/on). */
    public void goTo(String name) {
        state.set(code(name));
    }

    /** What happens while in state {@code name}; the branches form one case statement. */
    public NamedStateMachine on(String name, Runnable body) {
        UInt c = code(name);
        if (cases == null) cases = switchOn(state);
        cases.is(c, body);
        return this;
    }
}

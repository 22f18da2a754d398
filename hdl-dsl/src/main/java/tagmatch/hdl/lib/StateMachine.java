package tagmatch.hdl.lib;

import tagmatch.hdl.core.Bool;
import tagmatch.hdl.core.HwEnum;
import tagmatch.hdl.core.Switch;

import static tagmatch.hdl.core.Hdl.*;

/**
 * A state register over the constants of a Java enum with per-state behaviour, emitted as a
 * Verilog {@code case} over {@code localparam}s named after the constants. The first constant is
 * the reset state. Transitions are last-connect: a {@link #goTo} inside a {@code when} wins over
 * one before it, and a state without a transition holds.
 *
 * <pre>{@code
 * enum Phase { IDLE, SEARCH, REPLY }
 * StateMachine<Phase> fsm = new StateMachine<>("phase", Phase.class);
 * fsm.on(Phase.IDLE,   () -> when(req.valid, () -> fsm.goTo(Phase.SEARCH)))
 *    .on(Phase.SEARCH, () -> when(found, () -> fsm.goTo(Phase.REPLY)))
 *    .on(Phase.REPLY,  () -> when(rsp.ready, () -> fsm.goTo(Phase.IDLE)));
 * req.ready.set(fsm.is(Phase.IDLE));
 * }</pre>
 *
 * emits {@code localparam [1:0] IDLE = 2'd0; ...}, {@code reg [1:0] phase;} and
 * {@code case (phase) IDLE: ...}.
 */
public final class StateMachine<E extends Enum<E>> {
    private final HwEnum<E> state;
    private Switch cases;

    /** A binary-coded state register called {@code name}, reset to the first constant of {@code states}. */
    public StateMachine(String name, Class<E> states) {
        this(name, states, HwEnum.Encoding.BINARY);
    }

    public StateMachine(String name, Class<E> states, HwEnum.Encoding encoding) {
        E first = states.getEnumConstants()[0];
        state = regInit(Enum(states, encoding), first).named(name);
    }

    /** The state register (an enum value: compare with {@code is}, use as a port or a switch selector). */
    public HwEnum<E> current() {
        return state;
    }

    public Bool is(E s) {
        return state.is(s);
    }

    /** Moves to {@code s} at the next clock edge (under the enclosing when/on). */
    public void goTo(E s) {
        state.set(s);
    }

    /** What happens while in state {@code s}; the branches form one case statement. */
    public StateMachine<E> on(E s, Runnable body) {
        if (cases == null) cases = switchOn(state);
        cases.is(s, body);
        return this;
    }
}

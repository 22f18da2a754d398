package tagmatch.sim;

import static tagmatch.hdl.core.Hdl.*;

import tagmatch.hdl.core.Bool;
import tagmatch.hdl.core.Bundle;
import tagmatch.hdl.core.HwEnum;
import tagmatch.hdl.core.Module;
import tagmatch.hdl.core.UInt;
import tagmatch.hdl.lib.StateMachine;
import tagmatch.hdl.lib.Valid;

/** A design using hardware enums as ports, registers, bundle fields, switch selectors and state machines. */
final class EnumDesigns {
    private EnumDesigns() {}

    enum Op { LOOKUP, INSERT, DELETE }

    enum Phase { IDLE, SEARCH, REPLY }

    static final class Cmd extends Bundle {
        final HwEnum<Op> op = field("op", Enum(Op.class));
        final UInt arg = field("arg", UInt(4));
    }

    /** Two copies of one state machine (binary and one-hot) driven by commands, plus enum storage and decoding. */
    static final class Sequencer extends Module {
        final Valid<Cmd> cmd = input(new Valid<>(new Cmd()));
        final Bool go = input(Bool());
        final UInt raw = input(UInt(2));
        final HwEnum<Phase> phase = output(Enum(Phase.class));
        final HwEnum<Phase> phaseHot = output(Enum(Phase.class, HwEnum.Encoding.ONE_HOT));
        final HwEnum<Op> last = output(Enum(Op.class));
        final Bool writes = output(Bool());
        final UInt x = output(UInt(5));
        final Bool rawIsDelete = output(Bool());
        final UInt flat = output(UInt(6));

        Sequencer() {
            StateMachine<Phase> bin = new StateMachine<>("fsm", Phase.class);
            StateMachine<Phase> hot = new StateMachine<>("fsm_hot", Phase.class, HwEnum.Encoding.ONE_HOT);
            for (StateMachine<Phase> f : java.util.List.of(bin, hot)) {
                f.on(Phase.IDLE, () -> when(cmd.valid.and(cmd.bits.op.is(Op.LOOKUP)), () -> f.goTo(Phase.SEARCH))
                                .elseWhen(cmd.valid.and(cmd.bits.op.is(Op.INSERT)), () -> f.goTo(Phase.REPLY)))
                 .on(Phase.SEARCH, () -> f.goTo(Phase.REPLY))
                 .on(Phase.REPLY, () -> when(go, () -> f.goTo(Phase.IDLE)));
            }
            phase.set(bin.current());
            phaseHot.set(hot.current());
            HwEnum<Op> lastOp = regInit(Enum(Op.class), Op.DELETE).named("last_op");
            when(cmd.valid, () -> lastOp.set(cmd.bits.op));
            last.set(lastOp);
            writes.set(lastOp.isOneOf(Op.INSERT, Op.DELETE));
            x.set(0);
            switchOn(lastOp).is(Op.LOOKUP, () -> x.set(cmd.bits.arg))
                    .is(Op.INSERT, () -> x.set(cmd.bits.arg.addExpand(lit(1, 4))));
            HwEnum<Op> decoded = Enum(Op.class).fromBits(raw);
            rawIsDelete.set(decoded.is(Op.DELETE));
            flat.set(cmd.bits.asUInt());
        }
    }
}

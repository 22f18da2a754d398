package tagmatch.hdl.testdesigns;

import static tagmatch.hdl.core.Hdl.*;

import tagmatch.hdl.core.Bool;
import tagmatch.hdl.core.Bundle;
import tagmatch.hdl.core.Module;
import tagmatch.hdl.core.UInt;
import tagmatch.hdl.lib.StateMachine;
import tagmatch.hdl.lib.Stream;
import tagmatch.hdl.lib.SyncFifo;

/** The README's tour example (a typed FIFO of a bundle and an enum state machine), kept compiling and golden. */
public final class Matcher extends Module {
    public static final class Request extends Bundle {
        final UInt tag = field("tag", UInt(16));
        final Bool wild = field("wild", Bool());
    }

    enum Phase { IDLE, SEARCH, REPLY }

    final Stream<Request> in = input(new Stream<>(new Request()));    // in_valid, in_bits_tag, in_bits_wild; in_ready out
    final Bool found = input(Bool());
    final Bool busy = output(Bool());
    final SyncFifo<Request> queue = instance(new SyncFifo<>(8, new Request()));

    public Matcher() {
        queue.enq.connect(in);                                        // valid and bits in, ready back out
        Request head = queue.deq.bits;                                // typed fields, no slicing
        StateMachine<Phase> fsm = new StateMachine<>("phase", Phase.class);
        fsm.on(Phase.IDLE,   () -> when(queue.deq.valid.and(head.wild), () -> fsm.goTo(Phase.REPLY))
                                      .elseWhen(queue.deq.valid, () -> fsm.goTo(Phase.SEARCH)))
           .on(Phase.SEARCH, () -> when(found, () -> fsm.goTo(Phase.REPLY)))
           .on(Phase.REPLY,  () -> fsm.goTo(Phase.IDLE));
        queue.deq.ready.set(fsm.is(Phase.REPLY));
        busy.set(fsm.is(Phase.IDLE).not());
    }
}

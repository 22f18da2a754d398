package tagmatch.sim.compiled;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static tagmatch.hdl.core.Hdl.*;

import java.math.BigInteger;
import org.junit.jupiter.api.Test;
import tagmatch.hdl.core.Bool;
import tagmatch.hdl.core.Elaborator;
import tagmatch.hdl.core.Module;
import tagmatch.hdl.core.UInt;
import tagmatch.hdl.ir.Circuit;
import tagmatch.hdl.lib.PriorityTree;
import tagmatch.hdl.lib.SyncFifo;
import tagmatch.sim.flat.Schedule;

/**
 * The compiled backend skips a combinational block whose inputs did not change since it last
 * ran. Each way an input can change must make its readers run again: a port poked (compared), a
 * wide value a helper writes (a FIFO's memory read, compared), another block's output and a
 * register written in place or committed through its next slot (both told by their stores).
 * Inputs here change rarely, so most blocks are skipped most cycles, and any missed change
 * leaves a stale output that the interpreter, which evaluates everything, does not have.
 */
class ActivitySkipTest {
    private static final int N = 128;
    private static final String[] OUT = {"in_ready", "out_valid", "out_index", "out_tag", "out_mix"};

    /** Match vectors through a FIFO into a priority tree over loadable tags; a counter read by two registers. */
    static final class Bank extends Module {
        Bank() {
            Bool inValid = input("in_valid", Bool());
            UInt inMatch = input("in_match", UInt(N));
            Bool loadEn = input("load_en", Bool());
            UInt loadIdx = input("load_idx", UInt(7));
            UInt loadTag = input("load_tag", UInt(12));
            Bool outReady = input("out_ready", Bool());
            Bool inReady = output("in_ready", Bool());
            SyncFifo<UInt> q = instance("queue", new SyncFifo<>(2, new UInt(N)));
            q.enq.valid.set(inValid);
            q.enq.bits.set(inMatch);
            inReady.set(q.enq.ready);
            q.deq.ready.set(outReady);
            PriorityTree<UInt> tree = instance("tree", new PriorityTree<>(N, new UInt(12), 4));
            for (int i = 0; i < N; i++) {
                UInt tag = reg(UInt(12)).named("tag_" + i);
                when(loadEn.and(loadIdx.eq(i)), () -> tag.set(loadTag));
                tree.in.get(i).valid.set(q.deq.bits.bit(i));
                tree.in.get(i).bits.set(tag);
            }
            UInt count = reg(UInt(12)).named("count");
            UInt last = reg(UInt(12)).named("last");
            when(q.deq.valid.and(outReady), () -> count.set(count.add(1)));
            last.set(count);
            output("out_valid", Bool()).set(q.deq.valid);
            output("out_index", UInt(7)).set(tree.outIndex);
            output("out_tag", UInt(12)).set(tree.outBits);
            output("out_mix", UInt(12)).set(last.xor(tree.outBits));
        }
    }

    @Test
    void skippedMethodsLeaveNoStaleValueAgainstTheInterpreter() {
        Circuit circuit = Elaborator.elaborate(Bank::new);
        assertTrue(scratchWords(circuit) > 0, "no combinational block is skippable");
        String[] in = {"in_valid", "in_match", "load_en", "load_idx", "load_tag", "out_ready"};
        AgainstInterpreter.run(circuit, false, 3000, 5, OUT, (r, reference, poke) -> {
            // Mostly nothing changes; now and then one input does.
            if (r.nextInt(3) == 0) {
                String p = in[r.nextInt(in.length)];
                BigInteger v = p.equals("in_match") ? BigInteger.ONE.shiftLeft(r.nextInt(N)).or(BigInteger.ONE.shiftLeft(r.nextInt(N)))
                        : BigInteger.valueOf(r.nextInt(1 << reference.port(p).width()));
                if (p.equals("in_match") && r.nextInt(4) == 0) {
                    v = BigInteger.ZERO;
                }
                poke.accept(p, v);
            }
        });
    }

    /** Words the design's kernel keeps after the schedule's: a skippable block's clean word and input copies. */
    private static int scratchWords(Circuit circuit) {
        Schedule schedule = new Schedule(circuit, tagmatch.sim.BehaviouralModels.none(), "compiled backend", "test");
        try {
            java.lang.invoke.MethodHandles.Lookup l =
                    java.lang.invoke.MethodHandles.lookup().defineHiddenClass(KernelWriter.write(schedule), true);
            tagmatch.sim.flat.Kernel k = (tagmatch.sim.flat.Kernel) l.findConstructor(l.lookupClass(),
                    java.lang.invoke.MethodType.methodType(void.class)).invoke();
            return k.scratchWords();
        } catch (Throwable t) {
            throw new AssertionError(t);
        }
    }
}

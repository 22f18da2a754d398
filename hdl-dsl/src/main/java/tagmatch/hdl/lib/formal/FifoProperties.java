package tagmatch.hdl.lib.formal;

import tagmatch.hdl.core.Bool;
import tagmatch.hdl.core.Module;
import tagmatch.hdl.core.UInt;
import tagmatch.hdl.ir.Widths;
import tagmatch.hdl.lib.SyncFifo;

import static tagmatch.hdl.core.Formal.*;
import static tagmatch.hdl.core.Hdl.*;

/**
 * {@link SyncFifo}: never holds more than {@code depth} words (no overflow), offers a word exactly
 * when it holds one (no underflow), and delivers words in the order they were enqueued. The
 * order is checked against a formal-only scoreboard: a shift register of the words in flight.
 */
public final class FifoProperties extends Module {
    public final Bool enqValid;
    public final UInt enqBits;
    public final Bool deqReady;
    public final Bool enqReady;
    public final Bool deqValid;
    public final UInt deqBits;
    public final UInt count;

    public FifoProperties(int depth, int width) {
        param("depth", depth);
        param("width", width);
        int cw = Widths.forValue(depth);
        enqValid = input("enq_valid", Bool());
        enqBits = input("enq_bits", UInt(width));
        deqReady = input("deq_ready", Bool());
        enqReady = output("enq_ready", Bool());
        deqValid = output("deq_valid", Bool());
        deqBits = output("deq_bits", UInt(width));
        count = output("count", UInt(cw));
        SyncFifo<UInt> q = instance("dut", new SyncFifo<>(depth, UInt(width)));
        q.enq.valid.set(enqValid);
        q.enq.bits.set(enqBits);
        q.deq.ready.set(deqReady);
        enqReady.set(q.enq.ready);
        deqValid.set(q.deq.valid);
        deqBits.set(q.deq.bits);
        count.set(q.count);

        Bool enqFire = enqValid.and(q.enq.ready);
        Bool deqFire = q.deq.valid.and(deqReady);
        Assert(q.count.le(depth), "never holds more than depth words (no overflow)");
        Assert(q.deq.valid.eq(q.count.ne(0)), "offers a word exactly when it holds one (no underflow)");
        Assert(q.full.eq(q.count.eq(depth)).and(q.empty.eq(q.count.eq(0))), "full and empty match the count");
        Assert(q.enq.ready.eq(q.full.not()), "accepts a word exactly when not full");

        UInt[] model = new UInt[depth];
        UInt[] held = new UInt[1];
        only(() -> {
            for (int i = 0; i < depth; i++) model[i] = reg(UInt(width)).named("model_" + i);
            held[0] = regInit(UInt(cw), 0).named("model_count");
            UInt slot = mux(deqFire, held[0].sub(1), held[0]);
            for (int i = 0; i < depth; i++) {
                UInt kept = mux(deqFire, i + 1 < depth ? model[i + 1] : model[i], model[i]);
                model[i].set(mux(enqFire.and(slot.eq(i)), enqBits, kept));
            }
            held[0].set(held[0].add(enqFire.pad(cw)).sub(deqFire.pad(cw)));
        });
        Assert(held[0].eq(q.count), "the count moves by enqueues minus dequeues");
        when(q.deq.valid, () -> Assert(q.deq.bits.eq(model[0]), "delivers words in the order they were enqueued"));
        Cover(q.full, "the FIFO fills up");
        Cover(deqFire.and(past(q.full)), "a word leaves a FIFO that was full");
    }
}

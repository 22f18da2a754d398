package tagmatch.alpu.rtl;

import tagmatch.alpu.AlpuConfig;
import tagmatch.alpu.model.Kind;
import tagmatch.alpu.model.Op;
import tagmatch.hdl.core.Bool;
import tagmatch.hdl.core.UInt;

import java.util.function.Function;

import static tagmatch.hdl.core.Formal.*;
import static tagmatch.hdl.core.Hdl.*;

/**
 * The datasheet's rules about responses that are invariants of the unit, stated inside
 * {@link AlpuProperties} (the same proof, the same ports): rules 2, 4 and 5 and the response
 * channel's contract.
 * <ul>
 *   <li>a raised {@code rsp_valid} stays up, every {@code rsp_*} field unchanged, until the
 *       response is taken (the port contract);</li>
 *   <li>a MATCH_SUCCESS or MATCH_FAILURE only while a request is unanswered, a START_ACK only
 *       while a START_INSERT that was not refused is unanswered (R2: nothing else is answered);</li>
 *   <li>the response queue is never offered a response it has no room for (R2: never dropped);</li>
 *   <li>no MATCH_FAILURE after the START_ACK of an insert mode that no STOP_INSERT or RESET has
 *       ended yet (R4);</li>
 *   <li>a START_ACK enters the response queue with {@code free} = CELLS minus the valid cells (R5).</li>
 * </ul>
 * Rule 4 at the ports: responses leave in processing order and commands are processed in the
 * order they were taken, so the command side's insert mode can be followed from the commands
 * taken alone ({@code mode}). A MATCH_FAILURE at the port is illegal exactly when the insert mode
 * of the last START_ACK delivered is still open: the mode is open and every START_INSERT that
 * opened one has had its START_ACK delivered ({@code acks_owed} = 0). If a START_ACK is still owed,
 * the last one delivered belongs to an earlier mode, which a STOP_INSERT or RESET has ended.
 */
final class AlpuResponseRules {
    private AlpuResponseRules() {}

    /** Width of the saturating counts of unanswered work: far more than the unit can hold in flight. */
    private static final int OWED_W = 3;

    /** States the rules over the ports ({@code pin} by datasheet name) and the response queue of {@code dut}. */
    static void state(AlpuConfig cfg, AlpuTop dut, Function<Function<AlpuInterface, ? extends tagmatch.hdl.core.Data>, UInt> pin) {
        Bool reqFire = pin.apply(io -> io.req.valid).bit(0).and(pin.apply(io -> io.req.ready).bit(0));
        Bool cmdFire = pin.apply(io -> io.cmd.valid).bit(0).and(pin.apply(io -> io.cmd.ready).bit(0));
        Bool rspValid = pin.apply(io -> io.rsp.valid).bit(0);
        Bool rspReady = pin.apply(io -> io.rsp.ready).bit(0);
        Bool rspFire = rspValid.and(rspReady);
        UInt op = pin.apply(io -> io.cmd.op);
        UInt kind = pin.apply(io -> io.rsp.kind);
        UInt tag = pin.apply(io -> io.rsp.tag);
        UInt free = pin.apply(io -> io.rsp.free);
        Bool matchAnswer = rspValid.and(kind.eq(Kind.MATCH_SUCCESS.code).or(kind.eq(Kind.MATCH_FAILURE.code)));
        Bool failure = rspValid.and(kind.eq(Kind.MATCH_FAILURE.code));
        Bool ack = rspValid.and(kind.eq(Kind.START_ACK.code));

        // The response channel's contract: once up, held with every field until taken.
        when(initial().not().and(past(rspValid.and(rspReady.not()))), () -> Assert(
                rspValid.and(stable(kind)).and(stable(tag)).and(stable(free)),
                "a response stays up, every field unchanged, until it is taken"));
        Cover(initial().not().and(past(rspValid.and(rspReady.not()))).and(rspFire), "a response waits a cycle, then is taken");

        // R2, per kind: answers only to what was taken. The counts saturate (and stay there), so a
        // long run of unanswered work never wraps them to 0; the rule then holds trivially.
        Bool[] mode = new Bool[1];
        UInt[] reqOwed = new UInt[1];
        UInt[] acksOwed = new UInt[1];
        only(() -> {
            mode[0] = regInit(Bool(), 0).named("mode_by_commands");
            Bool start = cmdFire.and(op.eq(Op.START_INSERT.code));
            Bool ends = cmdFire.and(op.eq(Op.STOP_INSERT.code).or(op.eq(Op.RESET.code)));
            Bool opens = start.and(mode[0].not());
            when(opens, () -> mode[0].set(1)).elseWhen(ends, () -> mode[0].set(0));
            reqOwed[0] = owedCount("requests_owed", reqFire, matchAnswer.and(rspReady));
            acksOwed[0] = owedCount("acks_owed", opens, ack.and(rspReady));
        });
        Assert(matchAnswer.not().or(reqOwed[0].ne(0)), "a match response only while a request is unanswered");
        Assert(ack.not().or(acksOwed[0].ne(0)), "a START_ACK only while a START_INSERT that was not refused is unanswered");

        // R2, never dropped: a response is pushed only into a slot the controller reserved.
        Bool push = probe(dut, "rsp_fifo.enq_valid").bit(0);
        Assert(push.not().or(probe(dut, "rsp_fifo.enq_ready").bit(0)), "the response queue is never offered a response it has no room for");

        // R4.
        Bool open = mode[0].and(acksOwed[0].eq(0));
        Assert(failure.and(open).not(), "no MATCH_FAILURE after the START_ACK of an insert mode not yet ended");
        Cover(failure.and(mode[0]), "a MATCH_FAILURE while the next insert mode is open (its START_ACK still owed)");
        Cover(rspFire.and(failure).and(past(ack.and(rspReady))), "a MATCH_FAILURE right after a START_ACK");

        // R5, where the START_INSERT is processed: the response enters its queue that cycle (with
        // slot tags a cycle later, against the cells as they were, when it had to wait behind a
        // match answer in the tag read's register).
        UInt cells = lit(0, cfg.cntWidth());
        for (int b = 0; b < cfg.blocks(); b++)
            for (int c = 0; c < cfg.block(); c++)
                cells = cells.add(probe(dut, "cells.block_" + b + ".cell_" + c + ".valid").bit(0).pad(cfg.cntWidth()));
        Bool waited = AlpuTiming.slotTags(cfg) ? probe(dut, "rsp_push_d").bit(0) : FALSE();
        UInt validCells = AlpuTiming.slotTags(cfg) ? mux(waited, past(cells), cells) : cells;
        Bool ackIn = push.and(probe(dut, "rsp_fifo.enq_bits_kind").eq(Kind.START_ACK.code));
        UInt freeIn = probe(dut, "rsp_fifo.enq_bits_free");
        Assert(ackIn.not().or(freeIn.eq(lit(cfg.cells(), cfg.cntWidth()).sub(validCells))),
                "a START_ACK's free count is CELLS minus the valid cells when the START_INSERT is processed");
        Cover(ackIn.and(validCells.ne(0)), "a START_ACK while entries are held");
        if (AlpuTiming.slotTags(cfg)) Cover(ackIn.and(waited), "a START_ACK queued behind a match answer waiting for its tag");
    }

    /** A saturating count of things {@code in} minus those {@code out}, 0 after reset. */
    private static UInt owedCount(String name, Bool in, Bool out) {
        int top = (1 << OWED_W) - 1;
        UInt n = regInit(UInt(OWED_W), 0).named(name);
        UInt next = n.pad(OWED_W + 1).add(in.pad(OWED_W + 1)).sub(out.pad(OWED_W + 1));
        n.set(mux(n.eq(top).or(next.ge(top)), lit(top, OWED_W), next.truncate(OWED_W)));
        return n;
    }
}

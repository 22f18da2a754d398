package tagmatch.alpu.rtl;

import tagmatch.alpu.AlpuConfig;
import tagmatch.alpu.Variant;
import tagmatch.alpu.model.Kind;
import tagmatch.hdl.core.Bool;
import tagmatch.hdl.core.HwEnum;
import tagmatch.hdl.core.Module;
import tagmatch.hdl.core.UInt;
import tagmatch.hdl.lib.SyncFifo;

import static tagmatch.hdl.core.Hdl.*;

/**
 * The associative list processing unit (seed 001 figure 2d and figure 3), composed of four parts
 * a reader can take one at a time: valid/ready FIFOs on request, command and response ({@link
 * SyncFifo} of {@link MatchKey}, {@link CommandWord}, {@link ResponseWord}), the {@link
 * CellArray} (blocks, priority between them, delete fan-out, compaction) and the {@link
 * AlpuControl} (the seed's state machine). The ports are the datasheet's, declared once in
 * {@link AlpuInterface}.
 *
 * <p>Pipeline (seed section V-D): launch (the request leaves its FIFO), 1 fan-out register in
 * each block, 2 each cell's compare registered, 3 each block's "any hit" registered, 4 the
 * priority between blocks (one or two registers) and, in parallel, the delete fan-out, 5 each
 * block registers that as one delete bit per cell (its oldest hit), 6 the decide cycle, in which
 * the deleted entry's tag is read through those bits, the response is pushed and the cells
 * delete. With the overlap the next request is fanned out in that same
 * cycle, so one match every {@code decide offset} cycles. While a match is between compare and
 * delete the cells are frozen, so the match location stays exact.
 */
public final class AlpuTop extends Module {
    /** The datasheet's ports, for a parent that instances the unit (the DPA cluster's bus device). */
    public final AlpuInterface io;

    public AlpuTop(AlpuConfig cfg) {
        AlpuTiming tm = AlpuTiming.of(cfg);
        param("cells", cfg.cells());
        param("block", cfg.block());
        param("match_w", cfg.matchWidth());
        param("tag_w", cfg.tagWidth());
        param("variant", cfg.variant());
        param("fifo_depths", cfg.reqFifoDepth() + "/" + cfg.cmdFifoDepth() + "/" + cfg.rspFifoDepth());
        param("pipelining", cfg.pipelining().describe());
        param("match_latency", tm.matchLatency());
        param("match_interval", tm.matchInterval());
        param("insert_interval", tm.insertInterval());
        param("ack_latency", tm.ackLatency());
        param("r9_bound", tm.r9Bound());

        // The datasheet's ports, each top-level field of the interface named as itself (req_valid, ...).
        io = ports(new AlpuInterface(cfg));

        SyncFifo<MatchKey> reqQ = instance("req_fifo", new SyncFifo<>(cfg.reqFifoDepth(), new MatchKey(cfg)));
        SyncFifo<CommandWord> cmdQ = instance("cmd_fifo", new SyncFifo<>(cfg.cmdFifoDepth(), new CommandWord(cfg)));
        SyncFifo<ResponseWord> rspQ = instance("rsp_fifo", new SyncFifo<>(cfg.rspFifoDepth(), new ResponseWord(cfg)));
        boolean slots = AlpuTiming.slotTags(cfg);
        CellArray.Ports cells = instance("cells", new CellArray(AlpuTiming.cellConfig(cfg))).io;
        TagStore.Ports store = slots ? instance("tag_store", new TagStore(cfg)).io : null;
        AlpuControl.Ports ctl = instance("control", new AlpuControl(cfg)).io;
        boolean prq = cfg.variant() == Variant.PRQ;

        // Request: port -> FIFO -> every block's key register.
        reqQ.enq.valid.set(io.req.valid);
        reqQ.enq.bits.match.set(io.req.match);
        if (!prq) reqQ.enq.bits.mask.set(io.req.mask);
        io.req.ready.set(reqQ.enq.ready);
        cells.key.set(reqQ.deq.bits);
        reqQ.deq.ready.set(ctl.reqPop);

        // Command: port -> FIFO -> the controller decides; an INSERT enters the array's youngest cell.
        cmdQ.enq.valid.set(io.cmd.valid);
        cmdQ.enq.bits.op.set(io.cmd.op);
        cmdQ.enq.bits.match.set(io.cmd.match);
        if (prq) cmdQ.enq.bits.mask.set(io.cmd.mask);
        cmdQ.enq.bits.tag.set(io.cmd.tag);
        io.cmd.ready.set(cmdQ.enq.ready);
        CommandWord head = cmdQ.deq.bits;
        cmdQ.deq.ready.set(ctl.cmdGo);
        cells.inValid.set(ctl.insertOk);
        cells.inMatch.set(head.match);
        if (prq) cells.inMask.set(head.mask);
        if (slots) {
            // The entry holds a slot; its tag goes into the tag store.
            store.alloc.set(ctl.insertOk);
            store.allocTag.set(head.tag);
            store.clear.set(ctl.resetGo);
            cells.inTag.set(store.slot);
        } else {
            cells.inTag.set(head.tag);
        }
        cells.clear.set(ctl.resetGo);

        // Controller <-> array.
        ctl.cmdHere.set(cmdQ.deq.valid);
        ctl.cmdOp.set(head.op);
        ctl.reqHere.set(reqQ.deq.valid);
        ctl.matchHit.set(cells.hit);
        ctl.matchTag.set(slots ? cells.hitTag.pad(cfg.tagWidth()) : cells.hitTag);
        ctl.roomOne.set(cells.roomOne);
        ctl.roomTwo.set(cells.roomTwo);
        if (cfg.pipelining().fanoutStage()) cells.load.set(ctl.load);
        cells.compact.set(ctl.compact);
        cells.resultsValid.set(ctl.resultsValid);

        // Response: controller -> FIFO -> port. With slot tags the winner's tag is read from the
        // tag store in the cycle after the decision, so a match answer waits one cycle in a
        // register (rsp_push_d). A START_ACK needs no tag: it goes straight into the FIFO when that
        // register is empty, and through it only behind a match answer, to keep the order (the
        // controller never pushes two responses in one cycle, so one register suffices).
        if (slots) {
            Bool matched = ctl.rspPush.and(ctl.rsp.kind.is(Kind.MATCH_SUCCESS));
            store.release.set(matched);
            store.releaseSlot.set(cells.hitTag);
            store.lookup.set(cells.hitTag);
            Bool isAck = wireOf("rsp_is_ack", ctl.rsp.kind.is(Kind.START_ACK));
            Bool later = regInit(Bool(), 0).named("rsp_push_d");
            Bool ackNow = wireOf("rsp_ack_now", ctl.rspPush.and(isAck).and(later.not()));
            later.set(ctl.rspPush.and(ackNow.not()));
            HwEnum<Kind> kind = regNext(ctl.rsp.kind).named("rsp_kind_d");
            UInt free = regNext(ctl.rsp.free).named("rsp_free_d");
            rspQ.enq.valid.set(later.or(ackNow));
            rspQ.enq.bits.kind.set(mux(later, kind, ctl.rsp.kind));
            rspQ.enq.bits.tag.set(mux(later.and(kind.is(Kind.MATCH_SUCCESS)), store.tag, lit(0, cfg.tagWidth())));
            rspQ.enq.bits.free.set(mux(later, free, ctl.rsp.free));
        } else {
            rspQ.enq.valid.set(ctl.rspPush);
            rspQ.enq.bits.set(ctl.rsp);
        }
        ctl.rspTaken.set(rspQ.deq.valid.and(io.rsp.ready));
        io.rsp.valid.set(rspQ.deq.valid);
        rspQ.deq.ready.set(io.rsp.ready);
        io.rsp.kind.set(rspQ.deq.bits.kind);
        io.rsp.tag.set(rspQ.deq.bits.tag);
        io.rsp.free.set(rspQ.deq.bits.free);

        io.occupancy.set(ctl.occupancy);
        io.insertMode.set(ctl.insertModeOut);
        io.error.set(ctl.errorOut);
        // Outputs nothing reads (the oldest block's shift-out, the FIFOs' spare status) are left
        // alone: the backend wires them to *_unused nets, which Verilator's -Wall accepts.
    }
}

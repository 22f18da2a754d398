package tagmatch.alpu.rtl;

import tagmatch.alpu.AlpuConfig;
import tagmatch.alpu.Variant;
import tagmatch.alpu.model.Kind;
import tagmatch.alpu.model.Op;
import tagmatch.hdl.core.Bool;
import tagmatch.hdl.core.Definition;
import tagmatch.hdl.core.Module;
import tagmatch.hdl.core.UInt;
import tagmatch.hdl.ir.Widths;
import tagmatch.hdl.lib.PriorityTree;
import tagmatch.hdl.lib.SyncFifo;

import java.util.ArrayList;
import java.util.List;

import static tagmatch.hdl.core.Hdl.*;

/**
 * The associative list processing unit (seed 001 figure 2d and figure 3): cell blocks chained
 * into one virtual array, the between-block priority mux, valid/ready FIFOs on request, command
 * and response, and the control that the seed draws as a state machine.
 *
 * <p>Pipeline (seed section V-D): launch (the request leaves its FIFO), 1 fan-out register in
 * each block, 2 each cell's compare registered, 3 each block's priority registered, 4 the
 * priority between blocks (one or two registers) and, in parallel, the delete fan-out: each block
 * learns whether it holds the oldest hit or an older block does, from the blocks' own results,
 * so no encoded location has to travel back; 5 each block registers that with its own hit
 * location; 6 the decide cycle, in which the response is pushed and the cells delete. With the
 * overlap the next request is fanned out in that same cycle, so one match every
 * {@code decide offset} cycles. While a match is between compare and delete the cells are
 * frozen, so the match location stays exact.
 *
 * <p>Control. One match is in flight at a time. Commands (the seed's Read Command state) are
 * processed one per cycle whenever the cells are not frozen, including the launch cycle of a
 * match (whose compare then sees the command's effect); when a match completes with a command
 * waiting, the command goes before the next launch, so neither stream starves the other. A
 * request that fails in insert mode is held (Insert mode state): its key stays in the blocks'
 * request registers and it is retried when an INSERT has changed the cells and no command is
 * waiting, or at once when insert mode has ended (then it fails for good). Responses are pushed
 * only where a response FIFO slot was reserved at launch, so nothing is ever dropped when
 * {@code rsp_ready} is low.
 */
public final class AlpuTop extends Module {

    public AlpuTop(AlpuConfig cfg) {
        AlpuTiming tm = AlpuTiming.of(cfg);
        int w = cfg.matchWidth();
        int t = cfg.tagWidth();
        int cw = cfg.cntWidth();
        int nb = cfg.blocks();
        boolean prq = cfg.variant() == Variant.PRQ;
        boolean fanout = cfg.pipelining().fanoutStage();
        boolean overlap = cfg.pipelining().overlaps();
        param("cells", cfg.cells());
        param("block", cfg.block());
        param("match_w", w);
        param("tag_w", t);
        param("variant", cfg.variant());
        param("fifo_depths", cfg.reqFifoDepth() + "/" + cfg.cmdFifoDepth() + "/" + cfg.rspFifoDepth());
        param("pipelining", cfg.pipelining().describe());
        param("match_latency", tm.matchLatency());
        param("match_interval", tm.matchInterval());
        param("insert_interval", tm.insertInterval());
        param("r9_bound", tm.r9Bound());

        // ---- ports: the datasheet's interface, each top-level field named as itself (req_valid, ...) --
        AlpuInterface io = input(new AlpuInterface(cfg));
        io.elements().forEach((name, field) -> field.named(name));
        Bool reqValid = io.req.valid;
        Bool reqReady = io.req.ready;
        UInt reqMatch = io.req.match;
        UInt reqMask = io.req.mask;
        Bool cmdValid = io.cmd.valid;
        Bool cmdReady = io.cmd.ready;
        UInt cmdOp = io.cmd.op.asUInt();
        UInt cmdMatch = io.cmd.match;
        UInt cmdMask = io.cmd.mask;
        UInt cmdTag = io.cmd.tag;
        Bool rspValid = io.rsp.valid;
        Bool rspReady = io.rsp.ready;
        UInt rspTag = io.rsp.tag;
        UInt rspFree = io.rsp.free;
        UInt occupancy = io.occupancy;
        Bool insertModeOut = io.insertMode;
        Bool errorOut = io.error;

        // ---- FIFOs --------------------------------------------------------------------------------
        SyncFifo<UInt> reqQ = instance("req_fifo", new SyncFifo<>(cfg.reqFifoDepth(), new UInt(prq ? w : 2 * w)));
        reqQ.enq.valid.set(reqValid);
        reqQ.enq.bits.set(prq ? reqMatch : cat(reqMask, reqMatch));
        reqReady.set(reqQ.enq.ready);
        // Values fanned out to several instance ports are named: hdl-dsl 0.1 emits the temporary of an
        // unnamed shared expression inside the instance-port assign that first uses it (invalid Verilog).
        UInt headKey = wireOf("head_key", reqQ.deq.bits.bits(w - 1, 0));
        UInt headMask = prq ? null : wireOf("head_mask", reqQ.deq.bits.bits(2 * w - 1, w));

        int cmdW = 2 + w + (prq ? w : 0) + t;
        SyncFifo<UInt> cmdQ = instance("cmd_fifo", new SyncFifo<>(cfg.cmdFifoDepth(), new UInt(cmdW)));
        cmdQ.enq.valid.set(cmdValid);
        cmdQ.enq.bits.set(prq ? cat(cmdOp, cmdMatch, cmdMask, cmdTag) : cat(cmdOp, cmdMatch, cmdTag));
        cmdReady.set(cmdQ.enq.ready);
        UInt c = cmdQ.deq.bits;
        UInt cTag = wireOf("cmd_head_tag", c.bits(t - 1, 0));
        UInt cMask = prq ? wireOf("cmd_head_mask", c.bits(t + w - 1, t)) : null;
        int mLo = t + (prq ? w : 0);
        UInt cMatch = wireOf("cmd_head_match", c.bits(mLo + w - 1, mLo));
        UInt cOp = wireOf("cmd_head_op", c.bits(cmdW - 1, cmdW - 2));

        SyncFifo<UInt> rspQ = instance("rsp_fifo", new SyncFifo<>(cfg.rspFifoDepth(), new UInt(2 + t + cw)));
        rspQ.deq.ready.set(rspReady);
        rspValid.set(rspQ.deq.valid);
        UInt r = rspQ.deq.bits;
        io.rsp.kind.set(typeOf(io.rsp.kind).fromBits(r.bits(t + cw + 1, t + cw)));
        rspTag.set(r.bits(t + cw - 1, cw));
        rspFree.set(r.bits(cw - 1, 0));

        // ---- blocks and the priority between them (stage 4) --------------------------------------
        List<CellBlock.Ports> blocks = new ArrayList<>(); // one block definition, placed nb times
        for (int b = 0; b < nb; b++) blocks.add(instance("block_" + b, Definition.of(CellBlock.class, cfg, CellBlock::new)).io(x -> x.io));
        List<Bool> hits = new ArrayList<>();
        List<UInt> tags = new ArrayList<>();
        for (CellBlock.Ports blk : blocks) {
            hits.add(blk.hit);
            tags.add(blk.hitTag);
        }
        Bool gHit;
        UInt gTag;
        if (AlpuTiming.splitsGlobal(cfg)) {
            List<PriorityTree.Selection<UInt>> groups = OldestMatch.selectGroups(hits, tags, AlpuTiming.groupSize(cfg));
            List<Bool> gv = new ArrayList<>();
            List<UInt> gp = new ArrayList<>();
            for (int g = 0; g < groups.size(); g++) {
                gv.add(regNext(groups.get(g).valid()).named("group_hit_" + g));
                gp.add(regNext(groups.get(g).payload()).named("group_tag_" + g));
            }
            PriorityTree.Selection<UInt> sel = PriorityTree.select(gv, gp, OldestMatch.RADIX);
            gHit = regNext(sel.valid()).named("match_hit");
            gTag = regNext(sel.payload()).named("match_tag");
        } else {
            PriorityTree.Selection<UInt> sel = OldestMatch.select(hits, tags);
            gHit = regNext(sel.valid()).named("match_hit");
            gTag = regNext(sel.payload()).named("match_tag");
        }

        // ---- control state ------------------------------------------------------------------------
        Bool insertMode = regInit(Bool(), 0).named("insert_mode_r");
        Bool error = regInit(Bool(), 0).named("error_r");
        UInt count = regInit(UInt(cw), 0).named("count");
        Bool held = regInit(Bool(), 0).named("held");
        Bool dirty = regInit(Bool(), 0).named("dirty");
        // flight_k is high k cycles after a launch; the last one is the decide (and delete) cycle.
        int d = tm.decideOffset();
        List<Bool> flight = new ArrayList<>();
        for (int k = 1; k <= d; k++) flight.add(regInit(Bool(), 0).named("flight_" + k));
        Bool decide = flight.get(d - 1);
        Bool decideHit = wireOf("decide_hit", decide.and(gHit));
        Bool decideFail = wireOf("decide_fail", decide.and(gHit.not()).and(insertMode.not()));
        Bool decideHold = wireOf("decide_hold", decide.and(gHit.not()).and(insertMode));

        // Frozen: the cells hold still from the compare to the delete (the delete itself is the
        // only move in the decide cycle).
        // frozen = busy | decide, kept in a register of its own (set from the launch and the
        // flights that become busy or deciding next cycle) so the command path starts at a flip-flop.
        Bool frozen = regInit(Bool(), 0).named("frozen");

        // Free response FIFO slots, from a counter of our own with the comparisons registered, so
        // the launch and command decisions do not wait for the FIFO's count adder.
        int rd = cfg.rspFifoDepth();
        UInt rspUsed = regInit(UInt(Widths.forValue(rd)), 0).named("rsp_used");
        Bool slot1 = regInit(Bool(), 1).named("rsp_slot_1");
        // Two free slots matter only where a launch can share its cycle with another push (fan-out).
        Bool slot2 = fanout ? regInit(Bool(), 1).named("rsp_slot_2") : null;

        // Block 0's youngest cell takes a new entry when it shifts: a cell of block 0 or 1 is empty.
        // Only an INSERT fills those cells (entries leave them towards the old end, holes arrive
        // from it), so the room is known one cycle ahead: two empty cells now, or one and no
        // INSERT now. This keeps the cells' valid bits off the command path.
        Bool cmdHere = cmdQ.deq.valid;
        Bool isStart = cOp.eq(Op.START_INSERT.code);
        Bool isInsert = cOp.eq(Op.INSERT.code);
        Bool isStop = cOp.eq(Op.STOP_INSERT.code);
        Bool isReset = cOp.eq(Op.RESET.code);
        Bool full = regInit(Bool(), 0).named("full");
        // An INSERT can be decided now: it is refused (full) or it has room. One register, so the
        // command decision has one input fewer.
        Bool insertDecided = regInit(Bool(), 0).named("insert_decided");
        Bool needsSlot = isStart.and(insertMode.not());
        // A legal INSERT waits while compaction brings a free cell to the entry.
        Bool insertWaits = isInsert.and(insertMode).and(insertDecided.not());
        Bool cmdBase = cmdHere.and(frozen.not()).and(held.and(insertMode.not()).not())
                .and(needsSlot.not().or(slot1)).and(insertWaits.not());
        Bool retry = held.and(insertMode.not().or(dirty.and(cmdHere.not())));
        Bool fresh = held.not().and(reqQ.deq.valid);
        // With the overlap the next request is fanned out in the decide cycle (seed: stages 1 and 6
        // overlap), unless this match is held or a command waits: then, as in the seed's
        // controller, the command is read when the match completes.
        Bool engineFree;
        if (overlap) {
            Bool busy = FALSE();
            for (int k = 0; k < d - 1; k++) busy = busy.or(flight.get(k));
            engineFree = busy.not().and(decide.not().or(decideHold.not().and(cmdHere.not())));
        } else {
            engineFree = frozen.not();
        }
        Bool launchBase = engineFree.and(retry.or(fresh));

        Bool cmdGo;
        Bool launch;
        if (fanout) {
            // A command in the launch cycle is processed before the compare: both may go. A launch
            // needs a response slot beyond the one a START_ACK or a decided match takes now.
            // The slot test looks at the command's kind only, not at whether it goes: a shorter path.
            cmdGo = wireOf("cmd_go", cmdBase);
            Bool pushNow = cmdHere.and(needsSlot).or(decide);
            launch = wireOf("launch", launchBase.and(mux(pushNow, slot2, slot1)));
        } else {
            // Without the fan-out register the launch cycle is the compare cycle, when the cells
            // must not move: commands and launches alternate when both are waiting.
            Bool preferCmd = regInit(Bool(), 0).named("prefer_cmd");
            Bool launchCand = launchBase.and(slot1);
            cmdGo = wireOf("cmd_go", cmdBase.and(launchCand.not().or(preferCmd)));
            launch = wireOf("launch", launchCand.and(cmdGo.not()));
            Bool l = launch;
            Bool g = cmdGo;
            when(l, () -> preferCmd.set(1)).elseWhen(g, () -> preferCmd.set(0));
        }
        Bool launchNew = fanout ? wireOf("launch_new", launch.and(held.not())) : null;
        Bool compareNow = fanout ? flight.get(0) : launch;
        flight.get(0).set(launch);
        Bool frozenNext = launch;
        for (int k = 0; k < d - 1; k++) frozenNext = frozenNext.or(flight.get(k));
        frozen.set(frozenNext);
        for (int k = 1; k < d; k++) flight.get(k).set(flight.get(k - 1));

        // ---- commands -----------------------------------------------------------------------------
        Bool startOk = cmdGo.and(isStart).and(insertMode.not());
        Bool startBad = cmdGo.and(isStart).and(insertMode);
        Bool insertOk = wireOf("insert_ok", cmdGo.and(isInsert).and(insertMode).and(full.not()));
        Bool insertBad = cmdGo.and(isInsert).and(insertMode.and(full.not()).not());
        Bool stopOk = cmdGo.and(isStop).and(insertMode);
        Bool stopBad = cmdGo.and(isStop).and(insertMode.not());
        Bool resetGo = wireOf("reset_go", cmdGo.and(isReset));
        cmdQ.deq.ready.set(cmdGo);
        Bool roomNext = EntryRoom.atLeast(blocks, 2).or(EntryRoom.atLeast(blocks, 1).and(insertOk.not()));

        // ---- block wiring, compaction and the delete fan-out (stage 5) ---------------------------
        Bool compact = wireOf("compact", frozen.or(compareNow).not());
        // The blocks' results belong to a match k cycles after its launch; only then may they delete.
        int k = AlpuTiming.blockResultOffset(cfg);
        Bool resultsValid = wireOf("results_valid", k == 0 ? compareNow : flight.get(k - 1));
        List<Bool> olderHit = OlderAny.of(hits);
        for (int b = 0; b < nb; b++) {
            CellBlock.Ports blk = blocks.get(b);
            if (fanout) blk.load.set(launchNew);
            blk.key.set(headKey);
            if (!prq) blk.keyMask.set(headMask);
            if (b == 0) {
                blk.inValid.set(insertOk);
                blk.inMatch.set(cMatch);
                if (prq) blk.inMask.set(cMask);
                blk.inTag.set(cTag);
            } else {
                CellBlock.Ports y = blocks.get(b - 1);
                blk.inValid.set(y.outValid);
                blk.inMatch.set(y.outMatch);
                if (prq) blk.inMask.set(y.outMask);
                blk.inTag.set(y.outTag);
            }
            blk.olderEmpty.set(b + 1 < nb ? blocks.get(b + 1).anyEmpty : FALSE());
            blk.compact.set(compact);
            blk.clear.set(resetGo);
            Bool older = olderHit.get(b);
            blk.delAll.set(resultsValid.and(older));
            blk.delHere.set(resultsValid.and(blk.hit).and(older.not()));
        }
        reqQ.deq.ready.set(fanout ? launchNew : decideHit.or(decideFail));

        when(decideHold, () -> held.set(1)).elseWhen(launch, () -> held.set(0));
        Bool changed = insertOk.or(resetGo);
        when(launch, () -> dirty.set(0)).elseWhen(changed, () -> dirty.set(1));
        when(resetGo, () -> insertMode.set(0))
                .elseWhen(startOk, () -> insertMode.set(1))
                .elseWhen(stopOk, () -> insertMode.set(0));
        Bool bad = startBad.or(insertBad).or(stopBad);
        when(resetGo, () -> error.set(0)).elseWhen(bad, () -> error.set(1));
        UInt countNext = wireOf("count_next", mux(resetGo, lit(0, cw),
                mux(insertOk, count.add(1), mux(decideHit, count.sub(1), count))));
        count.set(countNext);
        Bool fullNext = countNext.eq(cfg.cells());
        full.set(fullNext);
        insertDecided.set(fullNext.or(roomNext));

        // ---- responses ----------------------------------------------------------------------------
        rspQ.enq.valid.set(decideHit.or(decideFail).or(startOk));
        UInt kind = mux(decideHit, lit(Kind.MATCH_SUCCESS.code, 2),
                mux(decideFail, lit(Kind.MATCH_FAILURE.code, 2), lit(Kind.START_ACK.code, 2)));
        UInt tag = mux(decideHit, gTag, lit(0, t));
        UInt free = mux(startOk, lit(cfg.cells(), cw).sub(count), lit(0, cw));
        rspQ.enq.bits.set(cat(kind, tag, free));
        Bool rspIn = decideHit.or(decideFail).or(startOk);
        Bool rspOut = rspQ.deq.valid.and(rspReady);
        int uw = rspUsed.width();
        UInt usedNext = wireOf("rsp_used_next", mux(rspIn, mux(rspOut, rspUsed, rspUsed.add(1)),
                mux(rspOut, rspUsed.sub(1), rspUsed)));
        rspUsed.set(usedNext);
        slot1.set(usedNext.lt(lit(rd, uw)));
        if (slot2 != null) slot2.set(usedNext.lt(lit(rd - 1, uw)));

        occupancy.set(count);
        // Outputs nothing reads (the oldest block's shift-out, the FIFOs' spare status) are left
        // alone: the backend wires them to *_unused nets, which Verilator's -Wall accepts.
        insertModeOut.set(insertMode);
        errorOut.set(error);
    }
}

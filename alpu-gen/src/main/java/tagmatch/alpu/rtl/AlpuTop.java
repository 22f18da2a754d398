package tagmatch.alpu.rtl;

import tagmatch.alpu.AlpuConfig;
import tagmatch.alpu.Variant;
import tagmatch.hdl.core.Bool;
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
 * <p>Control. The match engine runs one request at a time (no overlap, as in the prototype):
 * launch, fan-out register, compare, block priority register, global priority register, decide,
 * delete. While a match is between compare and delete the cells are frozen, so the match
 * location stays exact. Commands (the seed's Read Command state) are processed one per cycle
 * whenever the cells are not frozen, including the launch cycle of a match (whose compare then
 * sees the command's effect), so an INSERT stream runs at one per cycle and matches are never
 * starved by commands. A request that fails in insert mode is held (Insert mode state): its key
 * stays in the blocks' request registers and it is retried when an INSERT has changed the cells
 * and no command is waiting, or at once when insert mode has ended (then it fails for good).
 * Responses are pushed only where a response FIFO slot was reserved at launch, so nothing is
 * ever dropped when {@code rsp_ready} is low.
 */
public final class AlpuTop extends Module {

    public AlpuTop(AlpuConfig cfg) {
        AlpuTiming tm = AlpuTiming.of(cfg);
        int w = cfg.matchWidth();
        int t = cfg.tagWidth();
        int cw = cfg.cntWidth();
        int nb = cfg.blocks();
        int lb = Widths.forCount(cfg.block());
        boolean prq = cfg.variant() == Variant.PRQ;
        boolean fanout = cfg.pipelining().fanoutStage();
        boolean overlap = fanout && cfg.pipelining().overlapDeleteFetch();
        param("cells", cfg.cells());
        param("block", cfg.block());
        param("match_w", w);
        param("tag_w", t);
        param("variant", cfg.variant());
        param("fifo_depths", cfg.reqFifoDepth() + "/" + cfg.cmdFifoDepth() + "/" + cfg.rspFifoDepth());
        param("match_latency", tm.matchLatency());
        param("match_interval", tm.matchInterval());
        param("insert_interval", tm.insertInterval());
        param("r9_bound", tm.r9Bound());

        // ---- ports, exactly as the datasheet names them -----------------------------------------
        Bool reqValid = input("req_valid", Bool());
        Bool reqReady = output("req_ready", Bool());
        UInt reqMatch = input("req_match", UInt(w));
        UInt reqMask = prq ? null : input("req_mask", UInt(w));
        Bool cmdValid = input("cmd_valid", Bool());
        Bool cmdReady = output("cmd_ready", Bool());
        UInt cmdOp = input("cmd_op", UInt(2));
        UInt cmdMatch = input("cmd_match", UInt(w));
        UInt cmdMask = prq ? input("cmd_mask", UInt(w)) : null;
        UInt cmdTag = input("cmd_tag", UInt(t));
        Bool rspValid = output("rsp_valid", Bool());
        Bool rspReady = input("rsp_ready", Bool());
        UInt rspKind = output("rsp_kind", UInt(2));
        UInt rspTag = output("rsp_tag", UInt(t));
        UInt rspFree = output("rsp_free", UInt(cw));
        UInt occupancy = output("occupancy", UInt(cw));
        Bool insertModeOut = output("insert_mode", Bool());
        Bool errorOut = output("error", Bool());

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
        rspKind.set(r.bits(t + cw + 1, t + cw));
        rspTag.set(r.bits(t + cw - 1, cw));
        rspFree.set(r.bits(cw - 1, 0));

        // ---- control state ------------------------------------------------------------------------
        Bool insertMode = regInit(Bool(), 0).named("insert_mode_r");
        Bool error = regInit(Bool(), 0).named("error_r");
        UInt count = regInit(UInt(cw), 0).named("count");
        Bool held = regInit(Bool(), 0).named("held");
        Bool dirty = regInit(Bool(), 0).named("dirty");
        int d = tm.decideOffset();
        List<Bool> flight = new ArrayList<>();
        for (int k = 1; k <= d; k++) flight.add(regInit(Bool(), 0).named("flight_" + k));
        Bool deleting = regInit(Bool(), 0).named("deleting");

        Bool inFlight = flight.get(0);
        for (int k = 1; k < d; k++) inFlight = inFlight.or(flight.get(k));
        inFlight = wireOf("in_flight", inFlight);
        Bool frozen = wireOf("frozen", inFlight.or(deleting));
        Bool engineFree = overlap ? inFlight.not() : frozen.not();

        Bool slot1 = rspQ.count.lt(cfg.rspFifoDepth());
        Bool slot2 = rspQ.count.lt(cfg.rspFifoDepth() - 1);

        Bool cmdHere = cmdQ.deq.valid;
        Bool isStart = cOp.eq(0);
        Bool isInsert = cOp.eq(1);
        Bool isStop = cOp.eq(2);
        Bool isReset = cOp.eq(3);
        Bool full = count.eq(cfg.cells());
        Bool needsSlot = isStart.and(insertMode.not());
        Bool cmdBase = cmdHere.and(frozen.not()).and(held.and(insertMode.not()).not())
                .and(needsSlot.not().or(slot1));
        Bool retry = held.and(insertMode.not().or(dirty.and(cmdHere.not())));
        Bool fresh = held.not().and(reqQ.deq.valid);
        Bool launchBase = engineFree.and(retry.or(fresh));

        Bool cmdGo;
        Bool launch;
        if (fanout) {
            // A command in the launch cycle is processed before the compare: both may go.
            cmdGo = wireOf("cmd_go", cmdBase);
            Bool ack = cmdGo.and(needsSlot);
            launch = wireOf("launch", launchBase.and(mux(ack, slot2, slot1)));
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
        for (int k = 1; k < d; k++) flight.get(k).set(flight.get(k - 1));
        Bool decide = flight.get(d - 1);

        // ---- commands -----------------------------------------------------------------------------
        Bool startOk = cmdGo.and(isStart).and(insertMode.not());
        Bool startBad = cmdGo.and(isStart).and(insertMode);
        Bool insertOk = wireOf("insert_ok", cmdGo.and(isInsert).and(insertMode).and(full.not()));
        Bool insertBad = cmdGo.and(isInsert).and(insertMode.and(full.not()).not());
        Bool stopOk = cmdGo.and(isStop).and(insertMode);
        Bool stopBad = cmdGo.and(isStop).and(insertMode.not());
        Bool resetGo = wireOf("reset_go", cmdGo.and(isReset));
        cmdQ.deq.ready.set(cmdGo);

        // ---- blocks -------------------------------------------------------------------------------
        List<CellBlock> blocks = new ArrayList<>();
        for (int b = 0; b < nb; b++) blocks.add(instance("block_" + b, new CellBlock(cfg)));
        Bool compact = wireOf("compact", frozen.or(compareNow).not());
        Bool older = FALSE();
        for (int b = nb - 1; b >= 0; b--) {
            CellBlock blk = blocks.get(b);
            blk.olderEmpty.set(older);
            if (b > 0) older = wireOf("space_from_" + b, older.or(blk.anyEmpty));
        }
        for (int b = 0; b < nb; b++) {
            CellBlock blk = blocks.get(b);
            if (fanout) blk.load.set(launchNew);
            blk.key.set(headKey);
            if (!prq) blk.keyMask.set(headMask);
            if (b == 0) {
                blk.inValid.set(insertOk);
                blk.inMatch.set(cMatch);
                if (prq) blk.inMask.set(cMask);
                blk.inTag.set(cTag);
            } else {
                CellBlock y = blocks.get(b - 1);
                blk.inValid.set(y.outValid);
                blk.inMatch.set(y.outMatch);
                if (prq) blk.inMask.set(y.outMask);
                blk.inTag.set(y.outTag);
            }
            blk.compact.set(compact);
            blk.clear.set(resetGo);
        }

        // ---- priority between blocks (stage 4) ----------------------------------------------------
        List<Bool> hits = new ArrayList<>();
        List<UInt> payloads = new ArrayList<>();
        for (CellBlock blk : blocks) {
            hits.add(blk.hit);
            payloads.add(cat(blk.hitIdx, blk.hitTag));
        }
        PriorityTree.Selection<UInt> sel;
        if (AlpuTiming.splitsGlobal(cfg)) {
            List<PriorityTree.Selection<UInt>> groups = OldestMatch.selectGroups(hits, payloads, AlpuTiming.groupSize(cfg));
            List<Bool> gv = new ArrayList<>();
            List<UInt> gi = new ArrayList<>();
            List<UInt> gp = new ArrayList<>();
            for (int g = 0; g < groups.size(); g++) {
                gv.add(regNext(groups.get(g).valid()).named("group_hit_" + g));
                gi.add(regNext(groups.get(g).index()).named("group_idx_" + g));
                gp.add(regNext(groups.get(g).payload()).named("group_tag_" + g));
            }
            sel = OldestMatch.selectAmongGroups(nb, gv, gi, gp);
        } else {
            sel = OldestMatch.select(hits, payloads);
        }
        Bool gHit = regNext(sel.valid()).named("match_hit");
        UInt gBlock = regNext(sel.index()).named("match_block");
        UInt gPay = regNext(sel.payload()).named("match_payload");
        UInt gIdx = wireOf("match_idx", gPay.bits(lb + t - 1, t));
        UInt gTag = gPay.bits(t - 1, 0);

        // ---- decision (stage 4/5) and delete fan-out ------------------------------------------------
        Bool decideHit = wireOf("decide_hit", decide.and(gHit));
        Bool decideFail = wireOf("decide_fail", decide.and(gHit.not()).and(insertMode.not()));
        Bool decideHold = wireOf("decide_hold", decide.and(gHit.not()).and(insertMode));
        deleting.set(decideHit);
        for (int b = 0; b < nb; b++) {
            CellBlock blk = blocks.get(b);
            int bw = gBlock.width();
            blk.delAll.set(b == nb - 1 ? FALSE() : decideHit.and(gBlock.gt(lit(b, bw))));
            blk.delHere.set(decideHit.and(gBlock.eq(lit(b, bw))));
            blk.delIdx.set(gIdx);
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
        when(resetGo, () -> count.set(0))
                .elseWhen(insertOk, () -> count.set(count.add(1)))
                .elseWhen(decideHit, () -> count.set(count.sub(1)));

        // ---- responses ----------------------------------------------------------------------------
        rspQ.enq.valid.set(decideHit.or(decideFail).or(startOk));
        UInt kind = mux(decideHit, lit(0, 2), mux(decideFail, lit(1, 2), lit(2, 2)));
        UInt tag = mux(decideHit, gTag, lit(0, t));
        UInt free = mux(startOk, lit(cfg.cells(), cw).sub(count), lit(0, cw));
        rspQ.enq.bits.set(cat(kind, tag, free));

        occupancy.set(count);
        // Outputs nothing reads (the oldest block's shift-out, the FIFOs' spare status) are left
        // alone: the backend wires them to *_unused nets, which Verilator's -Wall accepts.
        insertModeOut.set(insertMode);
        errorOut.set(error);
    }
}

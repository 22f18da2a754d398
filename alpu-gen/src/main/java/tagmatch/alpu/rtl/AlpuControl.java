package tagmatch.alpu.rtl;

import tagmatch.alpu.AlpuConfig;
import tagmatch.alpu.model.Kind;
import tagmatch.alpu.model.Op;
import tagmatch.hdl.core.Bool;
import tagmatch.hdl.core.Bundle;
import tagmatch.hdl.core.HwEnum;
import tagmatch.hdl.core.Module;
import tagmatch.hdl.core.UInt;
import tagmatch.hdl.ir.Widths;
import tagmatch.hdl.lib.StateMachine;

import java.util.ArrayList;
import java.util.List;

import static tagmatch.hdl.core.Hdl.*;

/**
 * The ALPU's controller (seed 001 figure 3): two explicit state machines, the match engine
 * ({@link MatchState}: idle, the match's register stages, delete, hold) and the command side's
 * mode ({@link InsertMode}), plus the entry count, the sticky error and the free response slots.
 * It sees the heads of the request and command FIFOs and the cell array's registered result, and
 * decides each cycle whether a command is read, a request launched, and what is answered.
 *
 * <p>Commands (the seed's Read Command) are processed one per cycle whenever the cells are not
 * frozen, including the launch cycle of a match (whose compare then sees the command's effect);
 * when a match completes with a command waiting, the command goes before the next launch, so
 * neither stream starves the other. Responses are pushed only where a response FIFO slot was
 * reserved at launch, so nothing is dropped when {@code rsp_ready} is low. The decisions start at
 * flip-flops: the frozen flag, the free slots and whether an INSERT can be decided are registers
 * computed a cycle ahead, and the engine state is one-hot, so a state test is one flip-flop.
 */
public final class AlpuControl extends Module {
    /** The controller's ports (outputs flipped). */
    public static final class Ports extends Bundle {
        /** Inputs: the command FIFO's head. */
        public final Bool cmdHere = field("cmd_here", new Bool());
        public final HwEnum<Op> cmdOp = field("cmd_op", Enum(Op.class));
        /** Input: a request waits at the head of the request FIFO. */
        public final Bool reqHere = field("req_here", new Bool());
        /** Inputs: the cell array's result for the match in flight (valid in {@code DELETE}). */
        public final Bool matchHit = field("match_hit", new Bool());
        public final UInt matchTag;
        /** Inputs: at least one / two empty cells where an INSERT enters ({@link EntryRoom}). */
        public final Bool roomOne;
        public final Bool roomTwo;
        /** Input: a response leaves the response FIFO this cycle. */
        public final Bool rspTaken;

        /** Outputs: the command at the head is processed; it is a legal INSERT; it is a RESET. */
        public final Bool cmdGo;
        public final Bool insertOk;
        public final Bool resetGo;
        /** Output: fan the request FIFO's head out to the blocks (with the fan-out stage). */
        public final Bool load;
        /** Output: pop the request FIFO. */
        public final Bool reqPop;
        /** Output: the cells may compact (no match in flight). */
        public final Bool compact;
        /** Output: the blocks' results belong to the match in flight: they may delete. */
        public final Bool resultsValid;
        /** Outputs: a response to push. */
        public final Bool rspPush;
        public final ResponseWord rsp;
        /** Outputs: the status ports. */
        public final UInt occupancy;
        public final Bool insertModeOut;
        public final Bool errorOut;

        Ports(AlpuConfig cfg) {
            matchTag = field("match_tag", new UInt(cfg.tagWidth()));
            roomOne = field("room_one", new Bool());
            roomTwo = field("room_two", new Bool());
            rspTaken = field("rsp_taken", new Bool());
            cmdGo = flipped("cmd_go", new Bool());
            insertOk = flipped("insert_ok", new Bool());
            resetGo = flipped("reset_go", new Bool());
            load = cfg.pipelining().fanoutStage() ? flipped("load", new Bool()) : null;
            reqPop = flipped("req_pop", new Bool());
            compact = flipped("compact", new Bool());
            resultsValid = flipped("results_valid", new Bool());
            rspPush = flipped("rsp_push", new Bool());
            rsp = flipped("rsp", new ResponseWord(cfg));
            occupancy = flipped("occupancy", new UInt(cfg.cntWidth()));
            insertModeOut = flipped("insert_mode", new Bool());
            errorOut = flipped("error", new Bool());
        }
    }

    public final Ports io;

    public AlpuControl(AlpuConfig cfg) {
        int cw = cfg.cntWidth();
        boolean fanout = cfg.pipelining().fanoutStage();
        boolean overlap = cfg.pipelining().overlaps();
        io = ports(new Ports(cfg));

        // ---- state -------------------------------------------------------------------------------
        StateMachine<MatchState> engine = new StateMachine<>("engine", MatchState.class, HwEnum.Encoding.ONE_HOT);
        StateMachine<InsertMode> mode = new StateMachine<>("mode", InsertMode.class);
        List<MatchState> flight = flightStates(cfg);
        int d = flight.size();
        Bool inInsertMode = wireOf("in_insert_mode", mode.is(InsertMode.INSERT_MODE));
        Bool error = regInit(Bool(), 0).named("error_r");
        UInt count = regInit(UInt(cw), 0).named("count");
        Bool dirty = regInit(Bool(), 0).named("dirty");
        Bool held = wireOf("held", engine.is(MatchState.HOLD));
        Bool decide = wireOf("decide", engine.is(MatchState.DELETE));
        Bool decideHit = wireOf("decide_hit", decide.and(io.matchHit));
        Bool decideFail = wireOf("decide_fail", decide.and(io.matchHit.not()).and(inInsertMode.not()));
        Bool decideHold = wireOf("decide_hold", decide.and(io.matchHit.not()).and(inInsertMode));
        // Between a match's compare and its delete the cells hold still; kept in a register of its
        // own (set a cycle ahead) so the command decision starts at a flip-flop.
        Bool frozen = regInit(Bool(), 0).named("frozen");
        // Free response FIFO slots, from a counter of our own with the comparisons registered.
        int rd = cfg.rspFifoDepth();
        UInt rspUsed = regInit(UInt(Widths.forValue(rd)), 0).named("rsp_used");
        Bool slot1 = regInit(Bool(), 1).named("rsp_slot_1");
        // Two free slots matter only where a launch can share its cycle with another push (fan-out).
        Bool slot2 = fanout ? regInit(Bool(), 1).named("rsp_slot_2") : null;
        Bool full = regInit(Bool(), 0).named("full");
        // An INSERT can be decided now: it is refused (full) or it has room (one register).
        Bool insertDecided = regInit(Bool(), 0).named("insert_decided");

        // ---- what the command at the head may do -------------------------------------------------
        Bool isStart = wireOf("is_start", io.cmdOp.is(Op.START_INSERT));
        Bool isInsert = wireOf("is_insert", io.cmdOp.is(Op.INSERT));
        Bool isStop = wireOf("is_stop", io.cmdOp.is(Op.STOP_INSERT));
        Bool isReset = wireOf("is_reset", io.cmdOp.is(Op.RESET));
        Bool needsSlot = wireOf("needs_slot", isStart.and(inInsertMode.not()));
        // A legal INSERT waits while compaction brings a free cell to the entry.
        Bool insertWaits = isInsert.and(inInsertMode).and(insertDecided.not());
        Bool cmdBase = io.cmdHere.and(frozen.not()).and(held.and(inInsertMode.not()).not())
                .and(needsSlot.not().or(slot1)).and(insertWaits.not());

        // ---- when the next request launches ------------------------------------------------------
        Bool retry = held.and(inInsertMode.not().or(dirty.and(io.cmdHere.not())));
        Bool fresh = held.not().and(io.reqHere);
        Bool engineFree;
        if (overlap) {
            // The next request is fanned out in the DELETE cycle (seed: stages 1 and 6 overlap),
            // unless this match is held or a command waits: then the command is read first.
            Bool busy = FALSE();
            for (int k = 0; k < d - 1; k++) busy = busy.or(engine.is(flight.get(k)));
            engineFree = wireOf("engine_free", busy.not().and(decide.not().or(decideHold.not().and(io.cmdHere.not()))));
        } else {
            engineFree = frozen.not();
        }
        Bool launchBase = wireOf("launch_ready", engineFree.and(retry.or(fresh)));
        Bool launch;
        if (fanout) {
            // A command in the launch cycle is processed before the compare: both may go. A launch
            // needs a response slot beyond the one a START_ACK or a decided match takes now.
            io.cmdGo.set(cmdBase);
            Bool pushNow = io.cmdHere.and(needsSlot).or(decide);
            launch = wireOf("launch", launchBase.and(mux(pushNow, slot2, slot1)));
            io.load.set(launch.and(held.not()));
        } else {
            // Without the fan-out register the launch cycle is the compare cycle, when the cells
            // must not move: commands and launches alternate when both are waiting.
            Bool preferCmd = regInit(Bool(), 0).named("prefer_cmd");
            Bool launchCand = launchBase.and(slot1);
            Bool go = wireOf("go", cmdBase.and(launchCand.not().or(preferCmd)));
            io.cmdGo.set(go);
            launch = wireOf("launch", launchCand.and(go.not()));
            when(launch, () -> preferCmd.set(1)).elseWhen(go, () -> preferCmd.set(0));
        }

        // ---- the engine's transitions ------------------------------------------------------------
        // IDLE/HOLD --launch--> first stage -> ... -> DELETE --> IDLE, HOLD (failed in insert mode)
        // or, with the overlap, straight into the next match's first stage.
        for (int k = 0; k < d - 1; k++) {
            MatchState next = flight.get(k + 1);
            when(engine.is(flight.get(k)), () -> engine.goTo(next));
        }
        when(decide, () -> engine.goTo(MatchState.IDLE));
        when(decideHold, () -> engine.goTo(MatchState.HOLD));
        when(launch, () -> engine.goTo(flight.get(0)));
        Bool frozenNext = launch;
        for (int k = 0; k < d - 1; k++) frozenNext = frozenNext.or(engine.is(flight.get(k)));
        frozen.set(frozenNext);

        // ---- commands ----------------------------------------------------------------------------
        Bool startOk = wireOf("start_ok", io.cmdGo.and(isStart).and(inInsertMode.not()));
        Bool startBad = wireOf("start_bad", io.cmdGo.and(isStart).and(inInsertMode));
        io.insertOk.set(io.cmdGo.and(isInsert).and(inInsertMode).and(full.not()));
        Bool insertBad = wireOf("insert_bad", io.cmdGo.and(isInsert).and(inInsertMode.and(full.not()).not()));
        Bool stopOk = io.cmdGo.and(isStop).and(inInsertMode);
        Bool stopBad = wireOf("stop_bad", io.cmdGo.and(isStop).and(inInsertMode.not()));
        io.resetGo.set(io.cmdGo.and(isReset));
        when(io.resetGo, () -> mode.goTo(InsertMode.MATCH_MODE))
                .elseWhen(startOk, () -> mode.goTo(InsertMode.INSERT_MODE))
                .elseWhen(stopOk, () -> mode.goTo(InsertMode.MATCH_MODE));
        Bool bad = wireOf("bad_cmd", startBad.or(insertBad).or(stopBad));
        when(io.resetGo, () -> error.set(0)).elseWhen(bad, () -> error.set(1));
        Bool changed = io.insertOk.or(io.resetGo);
        when(launch, () -> dirty.set(0)).elseWhen(changed, () -> dirty.set(1));
        UInt countNext = wireOf("count_next", mux(io.resetGo, lit(0, cw),
                mux(io.insertOk, count.add(1), mux(decideHit, count.sub(1), count))));
        count.set(countNext);
        Bool fullNext = wireOf("full_next", countNext.eq(cfg.cells()));
        full.set(fullNext);
        Bool roomNext = io.roomTwo.or(io.roomOne.and(io.insertOk.not()));
        insertDecided.set(fullNext.or(roomNext));

        // ---- the cells and the request FIFO ------------------------------------------------------
        Bool compareNow = fanout ? engine.is(flight.get(0)) : launch;
        io.compact.set(frozen.or(compareNow).not());
        // The blocks' results belong to a match k cycles after its launch; only then may they delete.
        int k = AlpuTiming.blockResultOffset(cfg);
        io.resultsValid.set(k == 0 ? compareNow : engine.is(flight.get(k - 1)));
        io.reqPop.set(fanout ? io.load : decideHit.or(decideFail));

        // ---- responses ---------------------------------------------------------------------------
        Bool rspIn = decideHit.or(decideFail).or(startOk);
        io.rspPush.set(rspIn);
        when(decideHit, () -> io.rsp.kind.set(Kind.MATCH_SUCCESS))
                .elseWhen(decideFail, () -> io.rsp.kind.set(Kind.MATCH_FAILURE))
                .otherwise(() -> io.rsp.kind.set(Kind.START_ACK));
        io.rsp.tag.set(mux(decideHit, io.matchTag, lit(0, cfg.tagWidth())));
        io.rsp.free.set(mux(startOk, lit(cfg.cells(), cw).sub(count), lit(0, cw)));
        int uw = rspUsed.width();
        UInt usedNext = wireOf("rsp_used_next", mux(rspIn, mux(io.rspTaken, rspUsed, rspUsed.add(1)),
                mux(io.rspTaken, rspUsed.sub(1), rspUsed)));
        rspUsed.set(usedNext);
        slot1.set(usedNext.lt(lit(rd, uw)));
        if (slot2 != null) slot2.set(usedNext.lt(lit(rd - 1, uw)));

        io.occupancy.set(count);
        io.insertModeOut.set(inInsertMode);
        io.errorOut.set(error);
    }

    /**
     * The states a match passes through after its launch, one per cycle, ending in {@code DELETE}:
     * one for each register stage after the launch cycle (the launch itself is the fan-out, or
     * with no fan-out register the compare).
     */
    static List<MatchState> flightStates(AlpuConfig cfg) {
        List<MatchState> stages = new ArrayList<>();
        if (cfg.pipelining().compareStage()) stages.add(MatchState.COMPARE);
        if (AlpuTiming.registersBlockPriority(cfg)) stages.add(MatchState.BLOCK_PRIORITY);
        if (AlpuTiming.splitsGlobal(cfg)) stages.add(MatchState.GROUP_PRIORITY);
        stages.add(MatchState.GLOBAL_PRIORITY);
        // The launch cycle computes the first registered stage: fan-out when there is one.
        List<MatchState> flight = new ArrayList<>(cfg.pipelining().fanoutStage() ? stages : stages.subList(1, stages.size()));
        flight.add(MatchState.DELETE);
        return flight;
    }
}

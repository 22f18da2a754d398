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
        io = ports(new Ports(cfg));
        State s = new State(cfg, io);
        CommandHead cmd = new CommandHead(io, s);
        Bool launch = launch(cfg, s, cmd);
        advanceEngine(s, launch);
        Bool startOk = applyCommands(cfg, s, cmd, launch);
        driveCellsAndRequestFifo(cfg, s, launch);
        respond(cfg, s, startOk);
        io.occupancy.set(s.count);
        io.insertModeOut.set(s.inInsertMode);
        io.errorOut.set(s.error);
    }

    /** The controller's registers and the engine's decodes of them. */
    private static final class State {
        final StateMachine<MatchState> engine = new StateMachine<>("engine", MatchState.class, HwEnum.Encoding.ONE_HOT);
        final StateMachine<InsertMode> mode = new StateMachine<>("mode", InsertMode.class);
        final List<MatchState> flight;
        final Bool inInsertMode;
        final Bool error;
        final UInt count;
        final Bool dirty;
        final Bool held;
        final Bool decide;
        final Bool decideHit;
        final Bool decideFail;
        final Bool decideHold;
        /**
         * Between a match's compare and its delete the cells hold still; kept in a register of its
         * own (set a cycle ahead) so the command decision starts at a flip-flop.
         */
        final Bool frozen;
        /** Free response FIFO slots, from a counter of our own with the comparisons registered. */
        final UInt rspUsed;
        final Bool slot1;
        /** Two free slots matter only where a launch can share its cycle with another push (fan-out); null without. */
        final Bool slot2;
        final Bool full;
        /** An INSERT can be decided now: it is refused (full) or it has room (one register). */
        final Bool insertDecided;

        State(AlpuConfig cfg, Ports io) {
            flight = flightStates(cfg);
            inInsertMode = wireOf("in_insert_mode", mode.is(InsertMode.INSERT_MODE));
            error = regInit(Bool(), 0).named("error_r");
            count = regInit(UInt(cfg.cntWidth()), 0).named("count");
            dirty = regInit(Bool(), 0).named("dirty");
            held = wireOf("held", engine.is(MatchState.HOLD));
            decide = wireOf("decide", engine.is(MatchState.DELETE));
            decideHit = wireOf("decide_hit", decide.and(io.matchHit));
            decideFail = wireOf("decide_fail", decide.and(io.matchHit.not()).and(inInsertMode.not()));
            decideHold = wireOf("decide_hold", decide.and(io.matchHit.not()).and(inInsertMode));
            frozen = regInit(Bool(), 0).named("frozen");
            rspUsed = regInit(UInt(Widths.forValue(cfg.rspFifoDepth())), 0).named("rsp_used");
            slot1 = regInit(Bool(), 1).named("rsp_slot_1");
            slot2 = cfg.pipelining().fanoutStage() ? regInit(Bool(), 1).named("rsp_slot_2") : null;
            full = regInit(Bool(), 0).named("full");
            insertDecided = regInit(Bool(), 0).named("insert_decided");
        }

        /** The engine is in one of the flight states before {@code DELETE}. */
        Bool inFlightBeforeDelete(Bool first) {
            Bool any = first;
            for (int k = 0; k < flight.size() - 1; k++) any = any.or(engine.is(flight.get(k)));
            return any;
        }
    }

    /** What the command at the head of the command FIFO is, and whether it may be read this cycle. */
    private static final class CommandHead {
        final Bool isStart;
        final Bool isInsert;
        final Bool isStop;
        final Bool isReset;
        final Bool needsSlot;
        /** The command may be read, before the launch decides between the two. */
        final Bool base;

        CommandHead(Ports io, State s) {
            isStart = wireOf("is_start", io.cmdOp.is(Op.START_INSERT));
            isInsert = wireOf("is_insert", io.cmdOp.is(Op.INSERT));
            isStop = wireOf("is_stop", io.cmdOp.is(Op.STOP_INSERT));
            isReset = wireOf("is_reset", io.cmdOp.is(Op.RESET));
            needsSlot = wireOf("needs_slot", isStart.and(s.inInsertMode.not()));
            // A legal INSERT waits while compaction brings a free cell to the entry.
            Bool insertWaits = isInsert.and(s.inInsertMode).and(s.insertDecided.not());
            base = io.cmdHere.and(s.frozen.not()).and(s.held.and(s.inInsertMode.not()).not())
                    .and(needsSlot.not().or(s.slot1)).and(insertWaits.not());
        }
    }

    /** When the next request launches (and, with it, whether the command at the head goes): the launch signal. */
    private Bool launch(AlpuConfig cfg, State s, CommandHead cmd) {
        Bool retry = s.held.and(s.inInsertMode.not().or(s.dirty.and(io.cmdHere.not())));
        Bool fresh = s.held.not().and(io.reqHere);
        Bool engineFree;
        if (cfg.pipelining().overlaps()) {
            // The next request is fanned out in the DELETE cycle (seed: stages 1 and 6 overlap),
            // unless this match is held or a command waits: then the command is read first.
            Bool busy = s.inFlightBeforeDelete(FALSE());
            engineFree = wireOf("engine_free", busy.not().and(s.decide.not().or(s.decideHold.not().and(io.cmdHere.not()))));
        } else {
            engineFree = s.frozen.not();
        }
        Bool launchBase = wireOf("launch_ready", engineFree.and(retry.or(fresh)));
        Bool launch;
        if (cfg.pipelining().fanoutStage()) {
            // A command in the launch cycle is processed before the compare: both may go. A launch
            // needs a response slot beyond the one a START_ACK or a decided match takes now.
            io.cmdGo.set(cmd.base);
            Bool pushNow = io.cmdHere.and(cmd.needsSlot).or(s.decide);
            launch = wireOf("launch", launchBase.and(mux(pushNow, s.slot2, s.slot1)));
            io.load.set(launch.and(s.held.not()));
        } else {
            // Without the fan-out register the launch cycle is the compare cycle, when the cells
            // must not move: commands and launches alternate when both are waiting.
            Bool preferCmd = regInit(Bool(), 0).named("prefer_cmd");
            Bool launchCand = launchBase.and(s.slot1);
            Bool go = wireOf("go", cmd.base.and(launchCand.not().or(preferCmd)));
            io.cmdGo.set(go);
            launch = wireOf("launch", launchCand.and(go.not()));
            when(launch, () -> preferCmd.set(1)).elseWhen(go, () -> preferCmd.set(0));
        }
        return launch;
    }

    /**
     * The engine's transitions: IDLE/HOLD --launch--> first stage -> ... -> DELETE --> IDLE, HOLD
     * (failed in insert mode) or, with the overlap, straight into the next match's first stage.
     */
    private static void advanceEngine(State s, Bool launch) {
        List<MatchState> flight = s.flight;
        for (int k = 0; k < flight.size() - 1; k++) {
            MatchState next = flight.get(k + 1);
            when(s.engine.is(flight.get(k)), () -> s.engine.goTo(next));
        }
        when(s.decide, () -> s.engine.goTo(MatchState.IDLE));
        when(s.decideHold, () -> s.engine.goTo(MatchState.HOLD));
        when(launch, () -> s.engine.goTo(flight.get(0)));
        s.frozen.set(s.inFlightBeforeDelete(launch));
    }

    /** The commands' effects on the mode, the error, the entry count and whether the next INSERT can be decided; the START_INSERT acknowledged. */
    private Bool applyCommands(AlpuConfig cfg, State s, CommandHead cmd, Bool launch) {
        int cw = cfg.cntWidth();
        Bool inInsertMode = s.inInsertMode;
        Bool startOk = wireOf("start_ok", io.cmdGo.and(cmd.isStart).and(inInsertMode.not()));
        Bool startBad = wireOf("start_bad", io.cmdGo.and(cmd.isStart).and(inInsertMode));
        io.insertOk.set(io.cmdGo.and(cmd.isInsert).and(inInsertMode).and(s.full.not()));
        Bool insertBad = wireOf("insert_bad", io.cmdGo.and(cmd.isInsert).and(inInsertMode.and(s.full.not()).not()));
        Bool stopOk = io.cmdGo.and(cmd.isStop).and(inInsertMode);
        Bool stopBad = wireOf("stop_bad", io.cmdGo.and(cmd.isStop).and(inInsertMode.not()));
        io.resetGo.set(io.cmdGo.and(cmd.isReset));
        when(io.resetGo, () -> s.mode.goTo(InsertMode.MATCH_MODE))
                .elseWhen(startOk, () -> s.mode.goTo(InsertMode.INSERT_MODE))
                .elseWhen(stopOk, () -> s.mode.goTo(InsertMode.MATCH_MODE));
        Bool bad = wireOf("bad_cmd", startBad.or(insertBad).or(stopBad));
        when(io.resetGo, () -> s.error.set(0)).elseWhen(bad, () -> s.error.set(1));
        Bool changed = io.insertOk.or(io.resetGo);
        when(launch, () -> s.dirty.set(0)).elseWhen(changed, () -> s.dirty.set(1));
        UInt count = s.count;
        UInt countNext = wireOf("count_next", mux(io.resetGo, lit(0, cw),
                mux(io.insertOk, count.add(1), mux(s.decideHit, count.sub(1), count))));
        count.set(countNext);
        Bool fullNext = wireOf("full_next", countNext.eq(cfg.cells()));
        s.full.set(fullNext);
        Bool roomNext = io.roomTwo.or(io.roomOne.and(io.insertOk.not()));
        s.insertDecided.set(fullNext.or(roomNext));
        return startOk;
    }

    /** When the cells may compact, when the blocks' results may delete, and when the request FIFO pops. */
    private void driveCellsAndRequestFifo(AlpuConfig cfg, State s, Bool launch) {
        boolean fanout = cfg.pipelining().fanoutStage();
        Bool compareNow = fanout ? s.engine.is(s.flight.get(0)) : launch;
        io.compact.set(s.frozen.or(compareNow).not());
        // The blocks' results belong to a match k cycles after its launch; only then may they delete.
        int k = AlpuTiming.blockResultOffset(cfg);
        io.resultsValid.set(k == 0 ? compareNow : s.engine.is(s.flight.get(k - 1)));
        io.reqPop.set(fanout ? io.load : s.decideHit.or(s.decideFail));
    }

    /** The response pushed (match success or failure, START_ACK) and the free response FIFO slots. */
    private void respond(AlpuConfig cfg, State s, Bool startOk) {
        int cw = cfg.cntWidth();
        Bool rspIn = s.decideHit.or(s.decideFail).or(startOk);
        io.rspPush.set(rspIn);
        when(s.decideHit, () -> io.rsp.kind.set(Kind.MATCH_SUCCESS))
                .elseWhen(s.decideFail, () -> io.rsp.kind.set(Kind.MATCH_FAILURE))
                .otherwise(() -> io.rsp.kind.set(Kind.START_ACK));
        io.rsp.tag.set(mux(s.decideHit, io.matchTag, lit(0, cfg.tagWidth())));
        io.rsp.free.set(mux(startOk, lit(cfg.cells(), cw).sub(s.count), lit(0, cw)));
        UInt rspUsed = s.rspUsed;
        int rd = cfg.rspFifoDepth();
        int uw = rspUsed.width();
        UInt usedNext = wireOf("rsp_used_next", mux(rspIn, mux(io.rspTaken, rspUsed, rspUsed.add(1)),
                mux(io.rspTaken, rspUsed.sub(1), rspUsed)));
        rspUsed.set(usedNext);
        s.slot1.set(usedNext.lt(lit(rd, uw)));
        if (s.slot2 != null) s.slot2.set(usedNext.lt(lit(rd - 1, uw)));
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

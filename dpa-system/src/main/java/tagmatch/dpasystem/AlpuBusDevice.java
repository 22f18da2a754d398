package tagmatch.dpasystem;

import tagmatch.alpu.AlpuConfig;
import tagmatch.alpu.Variant;
import tagmatch.alpu.model.Op;
import tagmatch.alpu.rtl.AlpuInterface;
import tagmatch.alpu.rtl.AlpuTop;
import tagmatch.dpa.BusDevice;
import tagmatch.hdl.core.Bool;
import tagmatch.hdl.core.UInt;

import static tagmatch.hdl.core.Hdl.*;

/**
 * A generated ALPU ({@link AlpuTop}, the RTL itself, so its interval and latency are the unit's)
 * on the DPA cluster's interconnect, its three valid/ready channels as memory-mapped queues
 * ({@code alpu.h} is the C view; offsets {@link #REQ_MASK} ...):
 * <ul>
 * <li>a store to {@code REQ} pushes a match request (the key in the word's low MATCH_W bits, the
 *     mask last stored to {@code REQ_MASK}, UMQ only); a store to {@code CMD} pushes a command
 *     (the op in bits 1..0, the tag in bits 63..32, the match bits and mask last stored to
 *     {@code CMD_MATCH} and {@code CMD_MASK}). While the unit's queue is full the store is
 *     refused and the hart replays it: back-pressure costs no software check.</li>
 * <li>a load of {@code RSP} takes the oldest response: {@code 1 << 63 | kind << 48 | free << 32 | tag},
 *     or 0 while there is none (the hart polls).</li>
 * <li>{@code STATUS} reads {@code occupancy | insert_mode << 32 | error << 33}; {@code INFO} the
 *     unit's shape, {@code cells | MATCH_W << 16 | TAG_W << 24 | variant << 32} (PRQ 0, UMQ 1).</li>
 * </ul>
 */
public final class AlpuBusDevice extends BusDevice {
    public static final int REQ_MASK = 0x00, REQ = 0x08, CMD_MATCH = 0x10, CMD_MASK = 0x18, CMD = 0x20, RSP = 0x28, STATUS = 0x30,
            INFO = 0x38;
    /** log2 of the window's bytes. */
    public static final int WINDOW_BITS = 6;

    public AlpuBusDevice(AlpuConfig cfg) {
        super(WINDOW_BITS);
        if (cfg.matchWidth() > 64)
            throw new IllegalArgumentException("MATCH_W must be <= 64 for the cluster's 64-bit bus, got " + cfg.matchWidth());
        param("variant", cfg.variant());
        param("cells", cfg.cells());
        boolean prq = cfg.variant() == Variant.PRQ;
        int mw = cfg.matchWidth(), tw = cfg.tagWidth();
        AlpuInterface u = instance("alpu", new AlpuTop(cfg)).io;

        UInt reg = sOffset.bits(WINDOW_BITS - 1, 3).named("reg");
        Bool store = sValid.and(sWrite).named("store");
        UInt reqMask = regInit(UInt(mw), 0).named("req_mask_r");
        UInt cmdMatch = regInit(UInt(mw), 0).named("cmd_match_r");
        UInt cmdMask = regInit(UInt(mw), 0).named("cmd_mask_r");
        when(store.and(reg.eq(REQ_MASK / 8)), () -> reqMask.set(sNew.bits(mw - 1, 0)));
        when(store.and(reg.eq(CMD_MATCH / 8)), () -> cmdMatch.set(sNew.bits(mw - 1, 0)));
        when(store.and(reg.eq(CMD_MASK / 8)), () -> cmdMask.set(sNew.bits(mw - 1, 0)));

        Bool toReq = sWrite.and(reg.eq(REQ / 8)).named("to_req");
        Bool toCmd = sWrite.and(reg.eq(CMD / 8)).named("to_cmd");
        u.req.valid.set(sValid.and(toReq));
        u.req.match.set(sNew.bits(mw - 1, 0));
        if (!prq) u.req.mask.set(reqMask);
        u.cmd.valid.set(sValid.and(toCmd));
        u.cmd.op.set(u.cmd.op.fromBits(sNew.bits(1, 0)));
        u.cmd.match.set(cmdMatch);
        if (prq) u.cmd.mask.set(cmdMask);
        u.cmd.tag.set(sNew.bits(32 + tw - 1, 32));
        sReady.set(toReq.and(u.req.ready.not()).or(toCmd.and(u.cmd.ready.not())).not());

        Bool pop = sValid.and(sWrite.not()).and(reg.eq(RSP / 8)).named("pop");
        u.rsp.ready.set(pop);
        UInt rsp = mux(u.rsp.valid, cat(lit(1, 1), lit(0, 13), u.rsp.kind.asUInt(), u.rsp.free.pad(16), u.rsp.tag.pad(32)), lit(0, 64)).named("rsp_word");
        UInt status = cat(lit(0, 30), u.error, u.insertMode, u.occupancy.pad(32)).named("status_word");
        long info = cfg.cells() | (long) mw << 16 | (long) tw << 24 | (long) (prq ? 0 : 1) << 32;
        UInt out = wire("s_word", UInt(64));
        out.set(lit(0, 64));
        switchOn(reg)
            .is(REQ_MASK / 8, () -> out.set(reqMask.pad(64)))
            .is(CMD_MATCH / 8, () -> out.set(cmdMatch.pad(64)))
            .is(CMD_MASK / 8, () -> out.set(cmdMask.pad(64)))
            .is(RSP / 8, () -> out.set(rsp))
            .is(STATUS / 8, () -> out.set(status))
            .is(INFO / 8, () -> out.set(lit(info, 64)));
        sOld.set(out);
    }
}

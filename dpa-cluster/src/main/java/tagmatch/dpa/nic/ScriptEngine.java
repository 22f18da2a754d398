package tagmatch.dpa.nic;

import tagmatch.hdl.core.Bool;
import tagmatch.hdl.core.Mem;
import tagmatch.hdl.core.UInt;

import static tagmatch.hdl.core.Hdl.*;

/**
 * The NIC's and host software's producer side, described into the enclosing {@link Nic}: it runs
 * the script's records one at a time from {@code GO} on, reading one script word a cycle. A
 * message waits until it is due and its ring has room (the producer index less the doorbell's
 * consumer index below the depth), then goes word by word into its receive buffer through the
 * master port, then the completion's words 5 and 7; a command goes the same way into the command
 * ring in DPA memory (a send on the command queue pair), then its completion. A delay holds the next message back until the later of its due
 * time and the delay's end (commands after it go at once). The cycles a due record waits for
 * room are counted.
 */
final class ScriptEngine {
    private static final int IDLE = 0, HEAD = 1, ROOM = 2, COPY = 3, HCOPY = 4, CQE5 = 5, CQE7 = 6, HADDR = 7, WAIT = 8,
            DONE = 9, BAD = 10;

    final Bool mValid;
    final UInt mWord;
    final UInt mData;
    /** Producer indexes of the message and command CQs. */
    final UInt msgPi, cmdPi;
    /** A completion's owner word was stored this cycle. */
    final Bool msgLanded, cmdLanded;
    final UInt stalls, firstCqe, done;
    /** The cycle the last WAIT record was satisfied (0: none yet). */
    final UInt waitEnd;

    ScriptEngine(NicRegisters r, Mem<UInt> host, Bool live, UInt cycle, Bool ready, UInt taken, int wb) {
        UInt state = regInit(UInt(4), IDLE).named("eng_state");
        UInt sp = regInit(UInt(wb), 0).named("eng_sp");
        UInt n = regInit(UInt(8), 0).named("eng_n");
        UInt arg = regInit(UInt(32), 0).named("eng_arg");
        Bool isCmd = regInit(Bool(), 0).named("eng_is_cmd");
        UInt dst = regInit(UInt(64), 0).named("eng_dst");
        msgPi = regInit(UInt(64), 0).named("eng_msg_pi");
        cmdPi = regInit(UInt(64), 0).named("eng_cmd_pi");
        UInt rqAt = regInit(UInt(64), 0).named("eng_rq_at");
        UInt cmdAt = regInit(UInt(64), 0).named("eng_cmd_at");
        UInt gap = regInit(UInt(32), 0).named("eng_gap");
        UInt due = regInit(UInt(64), 0).named("eng_due");
        stalls = regInit(UInt(64), 0).named("eng_stalls");
        firstCqe = regInit(UInt(64), 0).named("eng_first_cqe");
        waitEnd = regInit(UInt(64), 0).named("eng_wait_end");
        done = wire("eng_done", UInt(64));
        done.set(mux(state.eq(DONE), lit(1, 64), mux(state.eq(BAD), lit(2, 64), lit(0, 64))));

        UInt word = host.read(sp).named("eng_word");
        UInt op = word.bits(7, 0).named("eng_op");
        UInt pi = mux(isCmd, cmdPi, msgPi).named("eng_pi");
        UInt log = Nic.unused(mux(isCmd, r.cmdLog, r.msgLog), "eng_log_unused").bits(4, 0).named("eng_log");
        UInt depth = Nic.unused(lit(1, 33).shl(log), "eng_depth_unused").bits(32, 0).named("eng_depth");
        UInt mask = depth.sub(1).pad(64).named("eng_mask");
        UInt ci = Nic.unused(mux(isCmd, r.cmdDbr, r.msgDbr), "eng_dbr_unused").bits(31, 0).named("eng_ci");
        Bool room = pi.bits(31, 0).sub(ci).pad(33).lt(depth).named("eng_room");
        Bool isDue = isCmd.or(cycle.ge(due)).named("eng_due_now");
        UInt slot = pi.and(mask).named("eng_slot");
        UInt cqe = mux(isCmd, r.cmdCq, r.msgCq).add(Nic.unused(slot.shl(6), "eng_slot_bytes_unused").bits(63, 0)).named("eng_cqe");
        Bool wrap = slot.eq(mask).named("eng_wrap");
        UInt owner = Nic.unused(pi.shr(log), "eng_pass_unused").bits(0, 0).named("eng_owner");

        mValid = wire("eng_m_valid", Bool());
        mWord = wire("eng_m_word", UInt(wb));
        mData = wire("eng_m_data", UInt(64));
        Bool landing = wire("eng_landing", Bool());
        driveMasterPort(state, n, word, dst, cqe, arg, owner, pi, landing, live.and(ready), wb);
        msgLanded = landing.and(isCmd.not()).named("eng_msg_landed");
        cmdLanded = landing.and(isCmd).named("eng_cmd_landed");

        when(live, () -> switchOn(state)
            .is(IDLE, () -> when(r.go.ne(0), () -> {
                sp.set(Nic.hostWord(r.script, wb, "eng_script_word"));
                rqAt.set(r.rq);
                cmdAt.set(r.cmdRing);
                state.set(HEAD);
            }))
            .is(HEAD, () -> {
                sp.set(sp.add(1));
                n.set(word.bits(15, 8));
                arg.set(word.bits(63, 32));
                state.set(BAD);
                switchOn(op)
                    .is(NicMap.OP_END, () -> state.set(DONE))
                    .is(NicMap.OP_MSG, () -> { isCmd.set(0); state.set(ROOM); })
                    .is(NicMap.OP_CMD, () -> { isCmd.set(1); state.set(ROOM); })
                    .is(NicMap.OP_HOST, () -> state.set(HADDR))
                    .is(NicMap.OP_GAP, () -> {
                        gap.set(word.bits(63, 32));
                        due.set(cycle);
                        state.set(HEAD);
                    })
                    .is(NicMap.OP_WAIT, () -> state.set(WAIT))
                    .is(NicMap.OP_DELAY, () -> { due.set(later(due, cycle.add(word.bits(63, 32).pad(64)))); state.set(HEAD); });
            })
            .is(ROOM, () -> when(isDue, () -> {
                when(room, () -> {
                    dst.set(mux(isCmd, cmdAt, rqAt));
                    state.set(COPY);
                }).otherwise(() -> stalls.set(stalls.add(1)));
            }))
            .is(COPY, () -> when(n.eq(0), () -> state.set(CQE5)).elseWhen(ready, () -> {
                sp.set(sp.add(1));
                dst.set(dst.add(8));
                n.set(n.sub(1));
            }))
            .is(HCOPY, () -> when(n.eq(0), () -> state.set(HEAD)).otherwise(() -> {
                host.write(Nic.hostWord(dst, wb, "eng_host_word"), word);
                sp.set(sp.add(1));
                dst.set(dst.add(8));
                n.set(n.sub(1));
            }))
            .is(HADDR, () -> {
                dst.set(word);
                sp.set(sp.add(1));
                isCmd.set(0);
                state.set(HCOPY);
            })
            .is(CQE5, () -> when(ready, () -> state.set(CQE7)))
            .is(CQE7, () -> when(ready, () -> {
                state.set(HEAD);
                when(isCmd, () -> {
                    cmdPi.set(cmdPi.add(1));
                    cmdAt.set(mux(wrap, r.cmdRing, cmdAt.add(r.cmdStride)));
                }).otherwise(() -> {
                    msgPi.set(msgPi.add(1));
                    rqAt.set(mux(wrap, r.rq, rqAt.add(r.rqStride)));
                    due.set(due.add(gap.pad(64)));
                    when(firstCqe.eq(0), () -> firstCqe.set(cycle));
                });
            }))
            .is(WAIT, () -> when(taken.ge(arg.pad(64)), () -> {
                waitEnd.set(cycle);
                state.set(HEAD);
            })));
    }

    /**
     * The master port: a receive buffer's words in {@code COPY}, then the completion's words 5 and 7;
     * {@code landing} rises when word 7, the owner word, is stored.
     */
    private void driveMasterPort(UInt state, UInt n, UInt word, UInt dst, UInt cqe, UInt arg, UInt owner, UInt pi, Bool landing,
            Bool stored, int wb) {
        mValid.set(0);
        mWord.set(Nic.ramWord(dst, wb, "eng_dst_word"));
        mData.set(word);
        landing.set(0);
        switchOn(state)
            .is(COPY, () -> mValid.set(n.ne(0)))
            .is(CQE5, () -> {
                mValid.set(1);
                mWord.set(Nic.ramWord(cqe.add(40), wb, "eng_cqe5_word"));
                mData.set(cat(arg, lit(0, 32)));
            })
            .is(CQE7, () -> {
                mValid.set(1);
                mWord.set(Nic.ramWord(cqe.add(56), wb, "eng_cqe7_word"));
                mData.set(cat(lit(0, 7), owner, lit(0, 8), pi.bits(15, 0), lit(0, 32)));
                landing.set(stored);
            });
    }

    /** The later of two cycle numbers. */
    private static UInt later(UInt a, UInt b) {
        return mux(a.ge(b), a, b);
    }
}

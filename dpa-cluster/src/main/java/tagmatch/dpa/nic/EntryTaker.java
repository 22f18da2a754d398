package tagmatch.dpa.nic;

import tagmatch.hdl.core.Bool;
import tagmatch.hdl.core.Mem;
import tagmatch.hdl.core.UInt;

import static tagmatch.hdl.core.Hdl.*;

/**
 * Host software's side of the to-host queue, described into the enclosing {@link Nic}: once the
 * block is started, while the ring entry at position {@code taken} carries stamp
 * {@code taken + 1}, it copies the entry's first {@code log_words} words into the log, one word a
 * cycle, then writes {@code taken + 1} into DPA memory at {@code th_cons} through the block's
 * master port (host software returning the ring's credits with an RDMA write: the handler reads
 * them in its own memory), and records the cycle. It works beside the {@link ScriptEngine}, as
 * the host's CPU does beside its NIC.
 */
final class EntryTaker {
    private static final int IDLE = 0, COPY = 1, CONS = 2;

    final UInt taken;
    final UInt lastTake;
    /** The consumer count's write into DPA memory, performed in a cycle {@code ready} is high. */
    final Bool mValid;
    final UInt mWord;
    final UInt mData;

    EntryTaker(NicRegisters r, Mem<UInt> host, Bool live, Bool ready, UInt cycle, int wb) {
        UInt state = regInit(UInt(2), IDLE).named("take_state");
        Bool started = regInit(Bool(), 0).named("take_started");
        taken = regInit(UInt(64), 0).named("take_count");
        lastTake = regInit(UInt(64), 0).named("take_last");
        UInt k = regInit(UInt(6), 0).named("take_k");
        UInt entry = regInit(UInt(64), 0).named("take_entry");
        UInt logAt = regInit(UInt(wb), 0).named("take_log_word");

        UInt entryWord = Nic.hostWord(entry, wb, "take_entry_word");
        UInt src = entryWord.add(k.pad(wb)).named("take_src");
        UInt word = host.read(mux(state.eq(COPY), src, entryWord)).named("take_word");
        UInt next = taken.add(1).named("take_next");
        UInt mask = Nic.unused(lit(1, 64).shl(r.thLog.bits(4, 0)), "take_depth_unused").bits(63, 0).sub(1).named("take_mask");
        Bool last = k.pad(64).add(1).ge(r.logWords).or(k.eq(NicMap.MAX_LOG_WORDS - 1)).named("take_last_word");

        mValid = state.eq(CONS).and(r.thCons.ne(0)).named("take_m_valid");
        mWord = Nic.ramWord(r.thCons, wb, "take_cons_word");
        mData = next;

        when(live, () -> {
            when(started.not().and(r.go.ne(0)), () -> {
                started.set(1);
                entry.set(r.thRing);
                logAt.set(Nic.hostWord(r.log, wb, "take_log_start"));
            });
            switchOn(state)
                .is(IDLE, () -> when(started.and(word.eq(next)), () -> {
                    k.set(0);
                    state.set(COPY);
                }))
                .is(COPY, () -> {
                    host.write(logAt.add(k.pad(wb)), word);
                    k.set(k.add(1));
                    when(last, () -> state.set(CONS));
                })
                .is(CONS, () -> when(mValid.not().or(ready), () -> {
                    taken.set(next);
                    lastTake.set(cycle);
                    entry.set(mux(taken.and(mask).eq(mask), r.thRing, entry.add(r.thStride)));
                    logAt.set(logAt.add(r.logWords.bits(wb - 1, 0)));
                    state.set(IDLE);
                }));
        });
    }
}

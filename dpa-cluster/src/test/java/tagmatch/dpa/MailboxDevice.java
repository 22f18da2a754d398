package tagmatch.dpa;

import tagmatch.hdl.core.Bool;
import tagmatch.hdl.core.UInt;

import static tagmatch.hdl.core.Hdl.*;

/**
 * A test device: offset 0 is a one-word mailbox (a store is refused while it is full; a load
 * takes the word, {@code 1 << 63 | value}, or reads 0 when it is empty), offset 8 a plain register
 * whose bytes stores merge into, offset 16 counts the stores the mailbox refused.
 */
final class MailboxDevice extends BusDevice {
    MailboxDevice() {
        super(5);
        Bool full = regInit(Bool(), 0).named("full");
        UInt box = regInit(UInt(63), 0).named("box");
        UInt plain = regInit(UInt(64), 0).named("plain");
        UInt refused = regInit(UInt(64), 0).named("refused");
        UInt word = sOffset.bits(4, 3).named("reg");
        Bool toBox = word.eq(0).named("to_box");
        sReady.set(toBox.and(sWrite).and(full).not());
        sOld.set(mux(toBox, mux(full, cat(lit(1, 1), box), lit(0, 64)), mux(word.eq(1), plain, refused)));
        when(sValid.and(toBox), () -> {
            when(sWrite.and(full.not()), () -> {
                full.set(1);
                box.set(sNew.bits(62, 0));
            });
            when(sWrite.not(), () -> full.set(0));
        });
        when(sValid.and(toBox).and(sWrite).and(full), () -> refused.set(refused.add(1)));
        when(sValid.and(sWrite).and(word.eq(1)), () -> plain.set(sNew));
    }
}

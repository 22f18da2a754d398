package example.gray;

import tagmatch.hdl.core.Bool;
import tagmatch.hdl.core.Module;
import tagmatch.hdl.core.UInt;

import static tagmatch.hdl.core.Hdl.*;

/** A counter whose value leaves in Gray code through the external {@link GrayEncoder}. */
public final class GrayCounter extends Module {
    final Bool en = input(Bool());
    final UInt count = output(UInt(6));
    final UInt gray = output(UInt(6));

    public GrayCounter() {
        UInt c = regInit(UInt(6), 0).named("c");
        when(en, () -> c.set(c.add(1)));
        GrayEncoder enc = instance("enc", new GrayEncoder(6));
        enc.bin.set(c);
        count.set(c);
        gray.set(enc.gray);
    }
}

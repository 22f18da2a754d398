package tagmatch.hdl.lib.formal;

import tagmatch.hdl.core.Bool;
import tagmatch.hdl.core.Module;
import tagmatch.hdl.core.UInt;
import tagmatch.hdl.core.Vec;
import tagmatch.hdl.lib.Arbiter;
import tagmatch.hdl.lib.Stream;

import java.util.ArrayList;
import java.util.List;

import static tagmatch.hdl.core.Formal.*;
import static tagmatch.hdl.core.Hdl.*;

/**
 * {@link Arbiter}, with producers that obey the stream rule (an offered word stays offered,
 * unchanged, until taken): the output carries the chosen input's word, is valid when any input
 * is, takes from exactly the chosen input, chooses the lowest valid input unless it is holding a
 * stalled choice, and holds that choice and its word until the word is taken.
 */
public final class ArbiterProperties extends Module {
    public final Vec<Stream<UInt>> in;
    public final Stream<UInt> out;
    public final UInt chosen;

    public ArbiterProperties(int inputs, int width) {
        param("inputs", inputs);
        param("width", width);
        in = input(Vec(inputs, () -> new Stream<>(UInt(width))));
        out = output(new Stream<>(UInt(width)));
        Arbiter<UInt> dut = instance("dut", new Arbiter<>(inputs, UInt(width)));
        chosen = output(UInt(dut.chosen.width()));
        for (int i = 0; i < inputs; i++) dut.in.get(i).connect(in.get(i));
        out.connect(dut.out);
        chosen.set(dut.chosen);

        Bool notFirst = initial().not();
        List<Bool> valids = new ArrayList<>();
        Bool any = FALSE();
        Bool carries = FALSE();
        for (int i = 0; i < inputs; i++) {
            Stream<UInt> s = in.get(i);
            valids.add(s.valid);
            any = any.or(s.valid);
            carries = carries.or(dut.chosen.eq(i).and(s.valid).and(dut.out.bits.eq(s.bits)));
            when(notFirst.and(past(s.valid.and(dut.in.get(i).ready.not()))),
                    () -> Assume(s.valid.and(stable(s.bits)), "a producer holds its offered word until it is taken"));
            int k = i;
            when(dut.in.get(i).ready, () -> Assert(dut.out.ready.and(dut.chosen.eq(k)), "only the chosen input is taken from"));
        }
        Assert(dut.out.valid.eq(any), "the output is valid exactly when some input is");
        Assert(dut.out.valid.not().or(carries), "the output carries the chosen input's word");
        Bool stalled = notFirst.and(past(dut.out.valid.and(dut.out.ready.not()))).named("stalled");
        when(stalled, () -> Assert(dut.out.valid.and(stable(dut.chosen)).and(stable(dut.out.bits)),
                "a stalled choice and its word are held until taken"));
        when(stalled.not().and(dut.out.valid), () -> Assert(LowestValid.selects(dut.chosen, valids), "otherwise the lowest valid input wins"));
        Cover(dut.out.valid.and(dut.out.ready).and(dut.chosen.eq(inputs - 1)), "the last input is served");
        Cover(stalled.and(valids.get(0)).and(dut.chosen.ne(0)), "a stalled choice is held while input 0 waits");
    }
}

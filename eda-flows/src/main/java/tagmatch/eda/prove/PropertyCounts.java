package tagmatch.eda.prove;

import tagmatch.hdl.ir.Check;
import tagmatch.hdl.ir.Circuit;
import tagmatch.hdl.ir.ModuleDef;

/** How many properties of each kind a circuit holds, over all its modules. */
public record PropertyCounts(int assertions, int assumptions, int covers) {
    public static PropertyCounts of(Circuit c) {
        int[] n = new int[Check.Kind.values().length];
        for (ModuleDef m : c.modules()) for (Check k : m.checks()) n[k.kind().ordinal()]++;
        return new PropertyCounts(n[Check.Kind.ASSERT.ordinal()], n[Check.Kind.ASSUME.ordinal()], n[Check.Kind.COVER.ordinal()]);
    }

    @Override
    public String toString() {
        return assertions + " assertions, " + assumptions + " assumptions, " + covers + " covers";
    }
}

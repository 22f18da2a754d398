package tagmatch.hdl.passes;

import tagmatch.hdl.ir.Circuit;
import tagmatch.hdl.ir.Instance;
import tagmatch.hdl.ir.Memory;
import tagmatch.hdl.ir.ModuleDef;
import tagmatch.hdl.ir.Namespace;
import tagmatch.hdl.ir.Signal;

/**
 * Makes every name in a module a unique, legal Verilog identifier: ports first (they are the
 * interface, so they keep their names whenever possible), then registers, wires, memories and
 * instances in declaration order. Unnamed things get stable generated names ({@code _WIRE},
 * {@code _REG_1}, ...) that depend only on declaration order.
 */
public final class LegalizeNames implements Pass {
    @Override
    public void run(Circuit c) {
        for (ModuleDef m : c.modules()) {
            Namespace ns = new Namespace();
            for (Signal s : m.portSignals()) s.rename(ns.claim(s.name() == null ? "_IO" : s.name()));
            for (Signal s : m.locals())
                s.rename(ns.claim(s.name() != null ? s.name() : s.kind() == Signal.Kind.REG ? "_REG" : "_WIRE"));
            for (Memory mem : m.memories()) mem.rename(ns.claim(mem.name() == null ? "_MEM" : mem.name()));
            for (Instance i : m.instances())
                i.rename(ns.claim(i.name() == null ? lowerFirst(i.definition().name()) : i.name()));
        }
    }

    private static String lowerFirst(String s) {
        return s.isEmpty() ? s : Character.toLowerCase(s.charAt(0)) + s.substring(1);
    }
}

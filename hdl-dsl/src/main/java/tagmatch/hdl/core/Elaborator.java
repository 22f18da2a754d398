package tagmatch.hdl.core;

import tagmatch.hdl.ir.Circuit;
import tagmatch.hdl.ir.HdlException;
import tagmatch.hdl.ir.Instance;
import tagmatch.hdl.ir.ModuleDef;
import tagmatch.hdl.passes.Passes;

import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Deque;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Set;
import java.util.function.Supplier;

/**
 * Runs a module's constructor to build its IR, names everything, then runs the standard passes
 * (see {@link Passes}). The result is checked and ready for the Verilog backend or a simulator.
 */
public final class Elaborator {
    private Elaborator() {}

    public static Circuit elaborate(Supplier<? extends Module> top) {
        Circuit c = elaborateRaw(top);
        Passes.standard(c);
        return c;
    }

    /**
     * {@link #elaborate(Supplier)} with {@code modulePrefix} in front of every module name the
     * design defines (not external modules): two generated IPs in one SoC then never clash.
     */
    public static Circuit elaborate(Supplier<? extends Module> top, String modulePrefix) {
        Circuit c = elaborate(top);
        new tagmatch.hdl.passes.PrefixModuleNames(modulePrefix).run(c);
        return c;
    }

    /** Builds the IR without running any pass; for tests of the passes themselves. */
    public static Circuit elaborateRaw(Supplier<? extends Module> top) {
        Builder b = Builder.start();
        Module m;
        try {
            m = top.get();
            if (m instanceof ExternalModule)
                throw new HdlException("the top of a design cannot be an external module (" + m.desiredName()
                        + "): instantiate it in a module of your own", m.def.locator());
            b.pop(m);
            finish(m);
        } finally {
            Builder.end();
        }
        return new Circuit(m.def, collect(m.def));
    }

    /** Children before parents, each definition once. */
    private static List<ModuleDef> collect(ModuleDef top) {
        List<ModuleDef> out = new ArrayList<>();
        Set<ModuleDef> seen = Collections.newSetFromMap(new IdentityHashMap<>());
        Deque<ModuleDef> path = new ArrayDeque<>();
        visit(top, out, seen, path);
        return out;
    }

    private static void visit(ModuleDef d, List<ModuleDef> out, Set<ModuleDef> seen, Deque<ModuleDef> path) {
        if (!seen.add(d)) return;
        for (Instance i : d.instances()) visit(i.definition(), out, seen, path);
        out.add(d);
    }

    /** Names fields after the constructor has run, and fixes the module's name. */
    static void finish(Module m) {
        List<Class<?>> chain = new ArrayList<>();
        for (Class<?> c = m.getClass(); c != null && c != Module.class; c = c.getSuperclass()) chain.add(0, c);
        for (Class<?> c : chain) {
            for (Field f : c.getDeclaredFields()) {
                if (Modifier.isStatic(f.getModifiers()) || f.isSynthetic()) continue;
                try {
                    f.setAccessible(true);
                    nameValue(m, f.get(m), f.getName());
                } catch (ReflectiveOperationException | RuntimeException e) {
                    // A field we cannot read simply keeps a generated name.
                }
            }
        }
        if (m instanceof ExternalModule e) e.checkPortsOnly();
        else claimNamedPorts(m);
        m.def.name(m.desiredName());
    }

    /**
     * A 1-bit input named {@code clk} (or like the implicit reset) becomes the module's clock (or
     * reset) when the module has none yet; otherwise the two would clash, and the user is told how
     * to make one of them.
     */
    private static void claimNamedPorts(Module m) {
        ModuleDef def = m.def;
        for (tagmatch.hdl.ir.Signal s : List.copyOf(def.portSignals())) {
            if (s == def.clock() || s == def.reset()) continue;
            boolean clock = ModuleDef.CLOCK.equals(s.name());
            if (!clock && !def.resetName().equals(s.name())) continue;
            String what = clock ? "clock" : "reset";
            String where = "port '" + s.name() + "' of " + m.getClass().getSimpleName();
            if (s.kind() != tagmatch.hdl.ir.Signal.Kind.INPUT || s.width() != 1)
                throw new HdlException(where + " takes the name of the module's implicit " + what
                        + " input but is not a 1-bit input: give it another name", s.locator());
            if (clock ? def.clock() != null : def.reset() != null)
                throw new HdlException(where + " is named like the implicit " + what + ", which the module also uses: declare it as input(\""
                        + s.name() + "\", Bool()) to make it that " + what + ", use " + what
                        + "() instead of a port, or give the port another name", s.locator());
            if (clock) def.adoptClock(s);
            else def.adoptReset(s);
        }
    }

    private static void nameValue(Module m, Object v, String name) {
        if (v instanceof Data d) {
            d.nameAs(name, false);
        } else if (v instanceof Module child && child.parentModule == m) {
            child.instance.name(name, false);
        } else if (v instanceof tagmatch.hdl.core.Instance<?> inst && inst.parent == m) {
            inst.ir.name(name, false);
        } else if (v instanceof Mem<?> mem) {
            mem.memory.name(name, false);
        } else if (v instanceof List<?> list) {
            for (int i = 0; i < list.size(); i++) nameValue(m, list.get(i), name + "_" + i);
        } else if (v instanceof Object[] arr) {
            for (int i = 0; i < arr.length; i++) nameValue(m, arr[i], name + "_" + i);
        }
    }
}

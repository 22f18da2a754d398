package tagmatch.hdl.ir;

import java.util.List;

/**
 * An elaborated design: its top module and every distinct module definition it uses, children
 * before parents (the order the Verilog backend emits them in).
 *
 * <p>The IR is mutable on purpose: the elaborator builds it, then every pass of
 * {@link tagmatch.hdl.passes.Passes} edits it in place (module bodies, names, and here the set of
 * definitions). Nothing else edits it; backends and simulators only read.
 */
public final class Circuit {
    private ModuleDef top;
    private List<ModuleDef> modules;

    public Circuit(ModuleDef top, List<ModuleDef> modules) {
        replaceModules(top, modules);
    }

    public ModuleDef top() { return top; }

    /** Every definition, children before parents; unmodifiable. */
    public List<ModuleDef> modules() { return modules; }

    /** For passes that merge or drop definitions: the new top and module list (children first). */
    public void replaceModules(ModuleDef newTop, List<ModuleDef> newModules) {
        List<ModuleDef> copy = List.copyOf(newModules);
        if (!copy.contains(newTop)) {
            throw new IllegalArgumentException("top module " + newTop.name() + " is not among the modules");
        }
        this.top = newTop;
        this.modules = copy;
    }

    public ModuleDef module(String name) {
        for (ModuleDef m : modules) if (m.name().equals(name)) return m;
        throw new IllegalArgumentException("no module named " + name);
    }
}

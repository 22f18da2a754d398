package tagmatch.hdl.ir;

import java.util.List;

/**
 * An elaborated, checked design: its top module and every distinct module definition it uses,
 * children before parents (the order the Verilog backend emits them in).
 */
public record Circuit(ModuleDef top, List<ModuleDef> modules) {
    public Circuit {
        modules = List.copyOf(modules);
    }

    public ModuleDef module(String name) {
        for (ModuleDef m : modules) if (m.name().equals(name)) return m;
        throw new IllegalArgumentException("no module named " + name);
    }
}

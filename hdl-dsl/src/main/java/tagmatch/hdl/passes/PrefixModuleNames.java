package tagmatch.hdl.passes;

import tagmatch.hdl.ir.Circuit;
import tagmatch.hdl.ir.HdlException;
import tagmatch.hdl.ir.Locator;
import tagmatch.hdl.ir.ModuleDef;

/**
 * Puts one prefix in front of every module name a design defines, after deduplication has fixed
 * them, so that two generated IPs in one SoC never define the same module. Not in the standard
 * pipeline: {@code Elaborator.elaborate(top, prefix)} runs it.
 */
public final class PrefixModuleNames implements Pass {
    private final String prefix;

    public PrefixModuleNames(String prefix) {
        if (prefix == null || !prefix.matches("[A-Za-z_][A-Za-z0-9_]*"))
            throw new HdlException("module prefix '" + prefix + "' must start a Verilog identifier (a letter or _, "
                    + "then letters, digits or _)", Locator.UNKNOWN);
        this.prefix = prefix;
    }

    @Override
    public void run(Circuit c) {
        for (ModuleDef m : c.modules()) if (!m.isExternal()) m.name(prefix + m.name());
    }
}

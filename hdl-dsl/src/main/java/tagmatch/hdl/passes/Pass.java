package tagmatch.hdl.passes;

import tagmatch.hdl.ir.Circuit;

/** One transformation or check over a whole circuit. */
public interface Pass {
    /** Runs the pass; returns the (possibly new) circuit, or throws {@link tagmatch.hdl.ir.HdlException}. */
    Circuit run(Circuit circuit);
}

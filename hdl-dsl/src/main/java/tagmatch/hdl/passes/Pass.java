package tagmatch.hdl.passes;

import tagmatch.hdl.ir.Circuit;

/**
 * One transformation or check over a whole circuit. Every pass edits the circuit in place (see
 * {@link Circuit}): a check leaves it as it is or throws {@link tagmatch.hdl.ir.HdlException}; a
 * rewrite replaces module bodies, names or the module list.
 */
public interface Pass {
    void run(Circuit circuit);
}

package tagmatch.hdl.core;

import tagmatch.hdl.ir.HdlException;
import tagmatch.hdl.ir.Stmt;

import java.util.ArrayList;
import java.util.List;

/**
 * A conditional block: {@code when(c, () -> ...).elseWhen(c2, () -> ...).otherwise(() -> ...)}.
 * Inside, the last connection to a signal wins; signals not connected in a branch keep the
 * value connected before the {@code when} (registers keep their value).
 */
public final class When {
    private final Builder.Frame frame;
    private List<Stmt> elseBlock;

    When(Bool cond, Runnable body) {
        frame = Builder.frame();
        elseBlock = attach(frame.blocks.peek(), cond, body);
    }

    private List<Stmt> attach(List<Stmt> into, Bool cond, Runnable body) {
        Stmt.When w = new Stmt.When(cond.ref(), new ArrayList<>(), new ArrayList<>(), Builder.here());
        into.add(w);
        frame.inBlock(w.then(), body);
        return w.otherwise();
    }

    public When elseWhen(Bool cond, Runnable body) {
        open();
        elseBlock = attach(elseBlock, cond, body);
        return this;
    }

    public void otherwise(Runnable body) {
        open();
        frame.inBlock(elseBlock, body);
        elseBlock = null;
    }

    private void open() {
        if (elseBlock == null) throw new HdlException("this when already has its otherwise branch", Builder.here());
    }
}

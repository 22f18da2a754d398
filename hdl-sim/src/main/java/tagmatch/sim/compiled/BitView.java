package tagmatch.sim.compiled;

import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import tagmatch.hdl.ir.Expr;
import tagmatch.hdl.ir.PrimOp;
import tagmatch.sim.flat.InstanceTree;
import tagmatch.sim.flat.Schedule;
import tagmatch.sim.flat.WideOps;

/**
 * A wire the compiled code computes where it is read instead of storing it: a range of bits of
 * one word of another slot ({@code wire = x[hi:lo]}, or that range as unsigned). A block that reads it depends on those bits
 * only, so a design that fans a vector out bit by bit reruns only the blocks whose bits changed.
 */
record BitView(int word, int shift, int width) {
    /** The bits of {@link #word} the view reads. */
    long mask() {
        return WideOps.mask(width) << shift;
    }

    /**
     * The views of {@code schedule}'s combinational assignments, by destination slot, but for
     * {@code excluded}: none in a design with behavioural models (they read slots between
     * segments), none for a slot the simulator itself reads (ports, properties, printfs, clocks).
     */
    static Map<Integer, BitView> of(Schedule schedule, Set<Integer> excluded) {
        Map<Integer, BitView> views = new HashMap<>();
        if (!schedule.externals.isEmpty()) {
            return views;
        }
        // Slots the simulator reads itself must hold their values.
        java.util.Set<Integer> stored = new java.util.HashSet<>(excluded);
        for (int p : schedule.ports) {
            stored.add(p);
        }
        for (Schedule.Prop p : schedule.props) {
            stored.add(p.enable());
            stored.add(p.predicate());
        }
        for (Schedule.Print p : schedule.prints) {
            stored.add(p.enable());
            for (int a : p.args()) {
                stored.add(a);
            }
        }
        for (InstanceTree.Domain d : schedule.domains) {
            stored.add(d.clock());
        }
        for (Schedule.Assign a : schedule.order) {
            if (a.width() > 64 || stored.contains(a.dst()) || !(a.source() instanceof Expr.Op)) {
                continue;
            }
            Expr.Op op = (Expr.Op) a.source();
            if (op.op == PrimOp.AS_UINT && op.args.get(0) instanceof Expr.Op) {
                op = (Expr.Op) op.args.get(0);
            }
            if (op.op != PrimOp.BITS || op.signed()) {
                continue;
            }
            int base = a.scope().location(op.args.get(0));
            int word = base + (op.m >>> 6);
            // A view reads a word that holds its value (a view of a view would read a stale slot).
            if (base < 0 || (op.m >>> 6) != (op.n >>> 6) || views.containsKey(word)) {
                continue;
            }
            views.put(a.dst(), new BitView(word, op.m & 63, Math.min(a.width(), op.n - op.m + 1)));
        }
        return views;
    }
}

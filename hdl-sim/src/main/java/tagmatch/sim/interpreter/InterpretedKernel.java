package tagmatch.sim.interpreter;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import tagmatch.hdl.ir.Circuit;
import tagmatch.hdl.ir.Expr;
import tagmatch.sim.BehaviouralModels;
import tagmatch.sim.SimDesign;
import tagmatch.sim.Simulator;
import tagmatch.sim.flat.FlatSimulator;
import tagmatch.sim.flat.Kernel;
import tagmatch.sim.flat.Schedule;
import tagmatch.sim.flat.WideOps;

/**
 * The interpreter: a {@link Kernel} that executes a {@link Schedule} by walking evaluator trees
 * ({@link Eval}) built once from its expressions, where the compiled backend generates code from
 * the same schedule. An expression with a slot of its own is read from that slot; every other
 * one is evaluated in place. No native tools and no class generation: an independent second
 * opinion on what the generated Verilog means.
 */
public final class InterpretedKernel implements Kernel {
    /** One statement of an edge: a register's or memory write's next value, or its commit. */
    private interface Step {
        void run(Eval.State s);
    }

    private final Eval.State st = new Eval.State();
    /** Combinational assignments, one array per segment between behavioural models' evaluations. */
    private final int[][] dst;
    private final int[][] width;
    private final Eval.Node[][] source;
    private final Step[][] compute;
    private final Step[][] commit;

    /** An interpreter of {@code circuit}, which {@code design} describes, its external modules run as {@code models}. */
    public static Simulator of(SimDesign design, Circuit circuit, BehaviouralModels models) {
        Schedule s = new Schedule(circuit, models, "interpreter", "Simulators.interpreter");
        return new FlatSimulator(design, s, new InterpretedKernel(s), models, "interpreter");
    }

    private InterpretedKernel(Schedule schedule) {
        int segments = schedule.evaluations.size() + 1;
        dst = new int[segments][];
        width = new int[segments][];
        source = new Eval.Node[segments][];
        int from = 0;
        for (int i = 0; i < segments; i++) {
            int to = i < schedule.evaluations.size() ? schedule.evaluations.get(i).at() : schedule.order.size();
            List<Schedule.Assign> part = schedule.order.subList(from, to);
            dst[i] = part.stream().mapToInt(Schedule.Assign::dst).toArray();
            width[i] = part.stream().mapToInt(Schedule.Assign::width).toArray();
            source[i] = part.stream().map(a -> a.own() ? Eval.compileHere(a.source(), new Binder(a.scope()))
                    : compile(a.scope(), a.source())).toArray(Eval.Node[]::new);
            from = to;
        }
        int domains = schedule.domains.size();
        compute = new Step[domains][];
        commit = new Step[domains][];
        for (int d = 0; d < domains; d++) {
            List<Step> next = new ArrayList<>();
            List<Step> take = new ArrayList<>();
            for (Schedule.Reg r : schedule.registers(d)) {
                next.add(next(r));
                int words = WideOps.words(r.width());
                take.add(s -> System.arraycopy(s.v, r.next(), s.v, r.slot(), words));
            }
            for (Schedule.MemWrite w : schedule.writes(d)) {
                Schedule.Mem m = schedule.mems.get(w.memory());
                next.add(operands(w, m));
                take.add(w.mask() == null
                        ? s -> WideOps.memWrite(s.m[w.memory()], m.width(), m.depth(), s.v, w.enableSlot(), w.addressSlot(),
                                w.dataSlot())
                        : s -> WideOps.memWriteMasked(s.m[w.memory()], m.width(), m.depth(), s.v, w.enableSlot(),
                                w.addressSlot(), w.dataSlot(), w.maskSlot()));
            }
            compute[d] = next.toArray(new Step[0]);
            commit[d] = take.toArray(new Step[0]);
        }
    }

    private static Eval.Node compile(Schedule.Scope scope, Expr x) {
        return x == null ? null : Eval.compile(x, new Binder(scope));
    }

    /** The register's value at the edge into its next slot: the reset value when reset, else its next value, else itself. */
    private static Step next(Schedule.Reg r) {
        Eval.Node next = compile(r.scope(), r.nextValue());
        Eval.Node reset = compile(r.scope(), r.reset());
        Eval.Node resetValue = compile(r.scope(), r.resetValue());
        int words = WideOps.words(r.width());
        return s -> {
            Eval.Node src = reset != null && reset.l(s) != 0 ? resetValue : next;
            if (src == null) {
                System.arraycopy(s.v, r.slot(), s.v, r.next(), words);
            } else {
                store(s, r.next(), r.width(), src);
            }
        };
    }

    /** A memory write's enable, address, data and lane bits into their slots. */
    private static Step operands(Schedule.MemWrite w, Schedule.Mem m) {
        Eval.Node enable = compile(w.scope(), w.enable());
        Eval.Node address = compile(w.scope(), w.address());
        Eval.Node data = compile(w.scope(), w.data());
        Eval.Node mask = compile(w.scope(), w.mask());
        int addressWidth = Math.min(64, w.address().width());
        return s -> {
            s.v[w.enableSlot()] = enable.l(s) != 0 ? 1 : 0;
            s.v[w.addressSlot()] = Eval.extL(address, s, addressWidth);
            store(s, w.dataSlot(), m.width(), data);
            if (mask != null) {
                store(s, w.maskSlot(), m.width(), mask);
            }
        };
    }

    /** {@code x} extended or truncated to {@code w} bits, stored at slot {@code k}. */
    private static void store(Eval.State s, int k, int w, Eval.Node x) {
        if (w <= 64) {
            s.v[k] = Eval.extL(x, s, w);
        } else {
            WideOps.store(s.v, k, w, Eval.extB(x, s, w));
        }
    }

    @Override
    public void comb(long[] v, long[][] m) {
        for (int i = 0; i < dst.length; i++) {
            combSegment(i, v, m);
        }
    }

    @Override
    public void combSegment(int segment, long[] v, long[][] m) {
        Eval.State s = st;
        s.v = v;
        s.m = m;
        int[] to = dst[segment];
        int[] w = width[segment];
        Eval.Node[] x = source[segment];
        for (int i = 0; i < to.length; i++) {
            if (w[i] <= 64) {
                v[to[i]] = Eval.extL(x[i], s, w[i]);
            } else {
                WideOps.store(v, to[i], w[i], Eval.extB(x[i], s, w[i]));
            }
        }
    }

    @Override
    public void compute(int domain, long[] v, long[][] m) {
        run(compute[domain], v, m);
    }

    @Override
    public void commit(int domain, long[] v, long[][] m) {
        run(commit[domain], v, m);
    }

    private void run(Step[] steps, long[] v, long[][] m) {
        Eval.State s = st;
        s.v = v;
        s.m = m;
        for (Step step : steps) {
            step.run(s);
        }
    }

    /** Expressions of one instance read from their slots in the schedule, memories from its memory arrays. */
    private static final class Binder implements Eval.Binder {
        private final Schedule.Scope scope;

        Binder(Schedule.Scope scope) {
            this.scope = scope;
        }

        @Override
        public Eval.Node ref(Expr x) {
            return slot(scope.location(x), x.width(), x.signed());
        }

        @Override
        public Eval.Node shared(Expr x) {
            int k = scope.location(x);
            return k < 0 ? null : slot(k, x.width(), x.signed());
        }

        @Override
        public Eval.Node memRead(Expr.MemRead r, Eval.Node address) {
            int mi = scope.memory(r.memory());
            int depth = r.memory().depth();
            int w = r.memory().width();
            if (w > 64) {
                int n = WideOps.words(w);
                return new Eval.Node(w, false) {
                    @Override
                    long l(Eval.State s) { return b(s).longValue(); }

                    @Override
                    BigInteger b(Eval.State s) {
                        long a = address.l(s);
                        return a >= 0 && a < depth ? WideOps.big(s.m[mi], (int) a * n, w, false, w) : BigInteger.ZERO;
                    }
                };
            }
            return new Eval.Node(w, false) {
                @Override
                long l(Eval.State s) {
                    long a = address.l(s);
                    return a >= 0 && a < depth ? s.m[mi][(int) a] : 0;
                }
            };
        }

        /** A node reading the value at slot {@code k}. */
        private static Eval.Node slot(int k, int w, boolean signed) {
            if (w > 64) {
                return new Eval.Node(w, signed) {
                    @Override
                    long l(Eval.State s) { return s.v[k]; }

                    @Override
                    BigInteger b(Eval.State s) { return WideOps.big(s.v, k, w, false, w); }
                };
            }
            return new Eval.Node(w, signed) {
                @Override
                long l(Eval.State s) { return s.v[k]; }
            };
        }
    }
}

package tagmatch.sim.flat;

import tagmatch.sim.BehaviouralModels;

/**
 * A design's kernel with the behavioural models of one simulator instance, bound to its state
 * array: they are evaluated between the kernel's combinational segments, at the schedule's
 * evaluation points, and given the clock edges of their domains before the registers'
 * next values are computed (the edge reads the inputs as they settled; next values go to slots
 * of their own, so computing another domain first changes nothing it reads).
 */
final class ModelledKernel implements Kernel {
    private final Kernel k;
    private final StateBinding[] evalModel;
    private final BoundModel.Group[] evalGroup;
    private final StateBinding[] edgeModel;
    private final String[] edgePort;
    private final int[] edgeDomain;

    /** A model per external instance of {@code schedule}, made by {@code models}, over the state {@code v}. */
    ModelledKernel(Kernel kernel, Schedule schedule, BehaviouralModels models, long[] v) {
        k = kernel;
        StateBinding[] bound = new StateBinding[schedule.externals.size()];
        int edges = 0;
        for (int i = 0; i < bound.length; i++) {
            Schedule.External e = schedule.externals.get(i);
            bound[i] = new StateBinding(e.scope(), models, schedule::resolve);
            if (!bound[i].ports().entries().equals(e.prototype().ports().entries())) {
                throw new IllegalStateException(bound[i].where() + " declares other ports than the model made when the "
                        + "design was compiled: the factory of a module must make models with the same ports");
            }
            bound[i].attach(v);
            edges += e.edges().size();
        }
        int n = schedule.evaluations.size();
        evalModel = new StateBinding[n];
        evalGroup = new BoundModel.Group[n];
        for (int i = 0; i < n; i++) {
            Schedule.Evaluation ev = schedule.evaluations.get(i);
            evalModel[i] = bound[ev.external()];
            evalGroup[i] = evalModel[i].groups().get(ev.group());
        }
        edgeModel = new StateBinding[edges];
        edgePort = new String[edges];
        edgeDomain = new int[edges];
        int k = 0;
        for (int i = 0; i < bound.length; i++) {
            for (BoundModel.Edge edge : schedule.externals.get(i).edges()) {
                edgeModel[k] = bound[i];
                edgePort[k] = edge.port();
                edgeDomain[k++] = edge.domain();
            }
        }
    }

    /** Each segment of the kernel's combinational code, then the model evaluation that follows it. */
    @Override
    public void comb(long[] v, long[][] m) {
        k.combSegment(0, v, m);
        for (int i = 0; i < evalModel.length; i++) {
            evalModel[i].evaluate(evalGroup[i]);
            k.combSegment(i + 1, v, m);
        }
    }

    /** The models' clock edges of {@code domain}, then the kernel's next values. */
    @Override
    public void views(long[] v, long[][] m) {
        k.views(v, m);
    }

    @Override
    public void compute(int domain, long[] v, long[][] m) {
        for (int i = 0; i < edgeModel.length; i++) {
            if (edgeDomain[i] == domain) {
                edgeModel[i].edge(edgePort[i]);
            }
        }
        k.compute(domain, v, m);
    }

    @Override
    public void commit(int domain, long[] v, long[][] m) {
        k.commit(domain, v, m);
    }
}

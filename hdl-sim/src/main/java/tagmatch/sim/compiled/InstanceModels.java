package tagmatch.sim.compiled;

import tagmatch.sim.BehaviouralModels;
import tagmatch.sim.BoundModel;

/**
 * The behavioural models of one compiled instance, bound to its state array: evaluated between
 * the kernel's combinational segments, in the order the interpreter evaluates them, and given the
 * clock edges of their domains.
 */
final class InstanceModels {
    private final CompiledBinding[] evalModel;
    private final BoundModel.Group[] evalGroup;
    private final CompiledBinding[] edgeModel;
    private final String[] edgePort;
    private final int[] edgeDomain;

    /** A model per external instance of {@code nl}, made by {@code models}, over the state {@code v}. */
    InstanceModels(Netlist nl, BehaviouralModels models, long[] v) {
        CompiledBinding[] bound = new CompiledBinding[nl.externals.size()];
        int edges = 0;
        for (int i = 0; i < bound.length; i++) {
            Netlist.External e = nl.externals.get(i);
            bound[i] = new CompiledBinding(e.scope(), models, nl::resolve);
            if (!bound[i].ports().entries().equals(e.prototype().ports().entries())) {
                throw new IllegalStateException(bound[i].where() + " declares other ports than the model made when the "
                        + "design was compiled: the factory of a module must make models with the same ports");
            }
            bound[i].attach(v);
            edges += e.clocks().size();
        }
        int n = nl.evaluations.size();
        evalModel = new CompiledBinding[n];
        evalGroup = new BoundModel.Group[n];
        for (int i = 0; i < n; i++) {
            Netlist.Evaluation ev = nl.evaluations.get(i);
            evalModel[i] = bound[ev.external()];
            evalGroup[i] = evalModel[i].groups().get(ev.group());
        }
        edgeModel = new CompiledBinding[edges];
        edgePort = new String[edges];
        edgeDomain = new int[edges];
        int k = 0;
        for (int i = 0; i < bound.length; i++) {
            Netlist.External e = nl.externals.get(i);
            for (int j = 0; j < e.clocks().size(); j++, k++) {
                edgeModel[k] = bound[i];
                edgePort[k] = e.clocks().get(j);
                edgeDomain[k] = e.clockDomains()[j];
            }
        }
    }

    /** Settles the logic: each segment of the kernel's combinational code, then the model evaluation that follows it. */
    void settle(Kernel k, long[] v, long[][] m) {
        k.combSegment(0, v, m);
        for (int i = 0; i < evalModel.length; i++) {
            evalModel[i].evaluate(evalGroup[i]);
            k.combSegment(i + 1, v, m);
        }
    }

    /** The clock edges of {@code domain}, with the inputs as the settled state has them. */
    void edge(int domain) {
        for (int i = 0; i < edgeModel.length; i++) {
            if (edgeDomain[i] == domain) {
                edgeModel[i].edge(edgePort[i]);
            }
        }
    }
}

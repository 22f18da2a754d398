package tagmatch.dpa;

import tagmatch.hdl.ir.Circuit;

/**
 * The simulator a user named for the cluster, or none, in which case the faster for the work is
 * taken ({@link ClusterSimulator#fastest}) once the circuit is known.
 *
 * @param named the simulator asked for; null to take the faster
 */
public record SimulatorChoice(ClusterSimulator named, ClusterSimulator.Work work) {
    public SimulatorChoice {
        if (work == null) throw new IllegalArgumentException("work must be given");
    }

    /** This simulator, whatever the work. */
    public static SimulatorChoice of(ClusterSimulator s) {
        return new SimulatorChoice(s, ClusterSimulator.Work.MANY_RUNS);
    }

    /** The faster for {@code work}. */
    public static SimulatorChoice fastest(ClusterSimulator.Work work) {
        return new SimulatorChoice(null, work);
    }

    /** The simulator for {@code circuit}. */
    public ClusterSimulator resolve(Circuit circuit) {
        return named != null ? named : ClusterSimulator.fastest(circuit, work);
    }
}

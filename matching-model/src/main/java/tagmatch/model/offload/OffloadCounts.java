package tagmatch.model.offload;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * What an offload engine did. A receive is <em>offloaded</em> when a rendezvous receive is
 * placed in the hardware list; it is <em>cancelled</em> when its message was already waiting as
 * unexpected, so software takes it back and matches it (the engine posts to the hardware before
 * software searches its unexpected messages, as the rendezvous fast path does). Every matched
 * receive is matched either in hardware (an offloaded receive its message found in the hardware
 * list) or in software (everything else, cancelled ones included).
 *
 * <p>Seed 003 §6 states two rates: the 3D stencil's 96 % is successful offloads over offloads,
 * where an offload succeeds unless it is cancelled ({@link #successRate()}: 559,315 = 579,365 −
 * 20,050); LAMMPS's 81 % is receives matched in hardware over rendezvous receives
 * ({@link #hardwareShare()}). {@link #hardwareMatchRate()} counts only offloads already matched
 * in hardware: it is below the success rate by the offloaded receives still open at the end.
 */
public final class OffloadCounts {
    private long receives;
    private long rendezvous;
    private long offloaded;
    private long cancelled;
    private long hardwareMatched;
    private long softwareMatched;
    private long arrivals;
    private long unexpected;

    void receive(boolean isRendezvous) {
        receives++;
        if (isRendezvous) rendezvous++;
    }

    void countOffloaded() { offloaded++; }
    void countCancelled() { cancelled++; }
    void countHardwareMatched() { hardwareMatched++; }
    void countSoftwareMatched() { softwareMatched++; }
    void arrival(boolean storedUnexpected) {
        arrivals++;
        if (storedUnexpected) unexpected++;
    }

    /** Adds {@code other}'s counts to these (one application's receivers summed). */
    public void add(OffloadCounts other) {
        receives += other.receives;
        rendezvous += other.rendezvous;
        offloaded += other.offloaded;
        cancelled += other.cancelled;
        hardwareMatched += other.hardwareMatched;
        softwareMatched += other.softwareMatched;
        arrivals += other.arrivals;
        unexpected += other.unexpected;
    }

    public long receives() { return receives; }
    /** Receives whose buffer is at least the rendezvous threshold. */
    public long rendezvousReceives() { return rendezvous; }
    public long offloaded() { return offloaded; }
    public long cancelled() { return cancelled; }
    public long hardwareMatched() { return hardwareMatched; }
    public long softwareMatched() { return softwareMatched; }
    public long arrivals() { return arrivals; }
    /** Messages that found no posted receive and were stored. */
    public long unexpected() { return unexpected; }

    /** Seed 003 §6.3's measure: (offloaded − cancelled) / offloaded (0 when none was offloaded). */
    public double successRate() {
        return offloaded == 0 ? 0 : (double) (offloaded - cancelled) / offloaded;
    }

    /** Offloaded receives matched in hardware over offloaded receives (0 when none was offloaded). */
    public double hardwareMatchRate() {
        return offloaded == 0 ? 0 : (double) hardwareMatched / offloaded;
    }

    /** Receives matched in hardware over rendezvous receives (0 when there is none). */
    public double hardwareShare() {
        return rendezvous == 0 ? 0 : (double) hardwareMatched / rendezvous;
    }

    /** Arrivals stored as unexpected over arrivals. */
    public double unexpectedFraction() {
        return arrivals == 0 ? 0 : (double) unexpected / arrivals;
    }

    /** Every count by a stable name, in a stable order. */
    public Map<String, Number> summary() {
        Map<String, Number> m = new LinkedHashMap<>();
        m.put("receives", receives);
        m.put("rendezvous_receives", rendezvous);
        m.put("offloaded", offloaded);
        m.put("hardware_matched", hardwareMatched);
        m.put("software_matched", softwareMatched);
        m.put("cancelled", cancelled);
        m.put("arrivals", arrivals);
        m.put("unexpected", unexpected);
        m.put("success_rate", successRate());
        m.put("hardware_match_rate", hardwareMatchRate());
        m.put("hardware_share", hardwareShare());
        m.put("unexpected_fraction", unexpectedFraction());
        return m;
    }

    @Override
    public String toString() {
        return summary().toString();
    }
}

package tagmatch.model.offload;

import tagmatch.model.Capacities;
import tagmatch.model.InputRules;

/**
 * Seed 001's ALPU scheme: the hardware list holds the oldest waiting receives, whatever their
 * size or datatype (the unit only matches; software moves the data of the receives that cannot be
 * offloaded), and software the younger ones. When a hardware entry is freed, software inserts its
 * oldest receives. The hardware list is always a prefix of the posted queue, so its first match
 * is MPI's; only rendezvous receives with contiguous datatypes count as offloaded.
 */
public final class OrderedOffload extends OffloadEngine {
    public OrderedOffload(OffloadSettings settings, Capacities capacities, InputRules rules, Transfers transfers) {
        super(OffloadPolicy.ORDERED, settings, capacities, rules, transfers);
    }

    @Override
    protected boolean admits(Pending r) {
        return !softwareHoldsReceive();
    }

    @Override
    protected void hardwareFreed() {
        for (Pending r : posted) {
            if (inHardware >= settings.hwEntries()) return;
            if (!r.inHardware) place(r);
        }
    }
}

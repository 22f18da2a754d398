package tagmatch.model.offload;

import tagmatch.model.Capacities;
import tagmatch.model.InputRules;

/**
 * Open MPI with UCX's rule (seed 003 §4.1, §5.2, Fig. 2): a rendezvous receive with a contiguous
 * datatype goes to the hardware only while software holds no receive. Every hardware entry is
 * then older than every software one, so the hardware's first match is MPI's; but one receive
 * kept in software (non-contiguous, small, or refused by a full list) keeps every later one in
 * software until it is matched.
 *
 * <p>And §4.2: the NIC cannot handle an unexpected message itself, so hardware tag matching is
 * off from its arrival until software has given it a receive; receives posted meanwhile stay in
 * software: a receive offloaded in that window could take a later message in the hardware
 * before software has matched the one waiting. So the naive engine never cancels an offload.
 */
public final class NaiveOffload extends OffloadEngine {
    public NaiveOffload(OffloadSettings settings, Capacities capacities, InputRules rules, Transfers transfers) {
        super(OffloadPolicy.NAIVE, settings, capacities, rules, transfers);
    }

    @Override
    protected boolean admits(Pending r) {
        return r.offloadable && !softwareHoldsReceive() && !softwareHoldsMessage();
    }
}

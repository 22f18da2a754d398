package tagmatch.model.offload;

import java.util.ArrayList;
import java.util.List;

/** Which receives the engine gives the hardware, and how it keeps MPI's order. */
public enum OffloadPolicy {
    /** Open MPI with UCX (seed 003 §4.1, §4.2, Fig. 2): no receive is offloaded while software holds one or an unexpected message. */
    NAIVE("naive"),
    /** Seed 003 §5.2 (Fig. 6): a per-(communicator, peer, tag) sequence number in the hardware tag. */
    SEQNUM("seqnum"),
    /** Seed 003 §5.1: sequence numbers, offloading only when the expected delay δ exceeds K, with the cancel-rate cut-off. */
    ADAPTIVE("adaptive"),
    /** Seed 001's ALPU: the hardware holds the oldest posted receives, software the rest. */
    ORDERED("ordered");

    private final String cliName;

    OffloadPolicy(String cliName) {
        this.cliName = cliName;
    }

    /** The policy's name on the command line. */
    public String cliName() {
        return cliName;
    }

    /** Every name, in declaration order. */
    public static List<String> names() {
        List<String> names = new ArrayList<>();
        for (OffloadPolicy p : values()) names.add(p.cliName);
        return names;
    }

    /** The policy called {@code name}; an unknown name is an error naming the legal ones. */
    public static OffloadPolicy parse(String name) {
        for (OffloadPolicy p : values()) if (p.cliName.equals(name)) return p;
        throw new IllegalArgumentException("policy must be one of " + String.join(", ", names()) + ", got '" + name + "'");
    }
}

package tagmatch.alpu.model;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import tagmatch.alpu.AlpuConfig;

/** A mutant ALPU whose priority logic is reversed: the youngest matching entry wins. */
final class YoungestWins extends DelegatingBehaviour {
    private final List<long[]> entries = new ArrayList<>();
    private final AlpuConfig config;

    YoungestWins(AlpuConfig config) {
        super(config);
        this.config = config;
    }

    @Override
    public Optional<Response> command(Command c) {
        boolean accepted = c.op() == Op.INSERT && model.insertMode() && model.occupancy() < config.cells();
        Optional<Response> r = model.command(c);
        if (accepted) entries.add(new long[] {c.match().longValue(), c.mask().longValue(), c.tag()});
        if (c.op() == Op.RESET) entries.clear();
        return r;
    }

    @Override
    public Optional<Response> match(Request r) {
        long key = r.match().longValue();
        for (int i = entries.size() - 1; i >= 0; i--) {
            long[] e = entries.get(i);
            if (((e[0] ^ key) & ~e[1]) == 0) {
                entries.remove(i);
                // Keep the delegate's occupancy and mode right: remove any one entry there too.
                model.match(Request.of(e[0]));
                return Optional.of(Response.success(e[2]));
            }
        }
        return model.match(r);
    }
}

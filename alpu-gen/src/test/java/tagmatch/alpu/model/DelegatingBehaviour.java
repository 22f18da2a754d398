package tagmatch.alpu.model;

import java.util.Optional;

import tagmatch.alpu.AlpuConfig;

/** The datasheet's behaviour, for mutants to override one aspect of. */
class DelegatingBehaviour implements AlpuBehaviour {
    final AlpuModel model;

    DelegatingBehaviour(AlpuConfig config) {
        this.model = new AlpuModel(config);
    }

    @Override
    public Optional<Response> command(Command c) {
        return model.command(c);
    }

    @Override
    public Optional<Response> match(Request r) {
        return model.match(r);
    }

    @Override
    public void reset() {
        model.reset();
    }

    @Override
    public int occupancy() {
        return model.occupancy();
    }

    @Override
    public boolean insertMode() {
        return model.insertMode();
    }

    @Override
    public boolean error() {
        return model.error();
    }
}

package tagmatch.alpu.model;

import java.util.Optional;

/**
 * What one processing step of an ALPU does, independent of cycles: {@link AlpuModel} is the
 * datasheet's; benches substitute deliberately broken ones (mutants) to prove the scoreboard
 * catches them.
 */
public interface AlpuBehaviour {
    /** Processes a command; the START_ACK of an accepted START_INSERT, else empty. */
    Optional<Response> command(Command c);

    /** Processes a match request; empty means held (insert mode, no match): retry later. */
    Optional<Response> match(Request r);

    /** The {@code rst} pin. */
    void reset();

    int occupancy();

    boolean insertMode();

    boolean error();
}

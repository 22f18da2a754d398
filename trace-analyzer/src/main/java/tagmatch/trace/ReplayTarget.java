package tagmatch.trace;

import java.util.function.LongConsumer;

/**
 * Something a trace's event streams can run through, each post and arrival checked against the
 * reference matcher: the ALPU RTL ({@link AlpuReplay}) or the generated firmware
 * ({@link FirmwareReplay}).
 */
interface ReplayTarget extends AutoCloseable {
    /** One line: what the streams run through, with its parameters. */
    String describe();

    /**
     * Fails with a {@link tagmatch.process.UserError} naming the rank, communicator and event when
     * the stream uses something this target cannot take; called for every stream before any runs.
     */
    void check(String trace, EventStream stream);

    /** Runs one stream on fresh matching state; {@code progress} receives each post or arrival done. */
    RankReplay run(EventStream stream, LongConsumer progress);

    @Override
    void close();
}

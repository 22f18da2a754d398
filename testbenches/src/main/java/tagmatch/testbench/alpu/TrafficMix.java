package tagmatch.testbench.alpu;

/**
 * Knobs of random ALPU traffic and backpressure; probabilities are per cycle or per decision.
 *
 * @param requestRate       probability per cycle that a new match request is queued
 * @param sessionRate       probability per cycle (when no insert session is open) of starting one
 * @param politeSessions    fraction of sessions that wait for START_ACK and insert at most the free count
 *                          (the others blast START_INSERT, random INSERTs, STOP_INSERT without waiting)
 * @param badCommandRate    probability per session of a discarded command (R7): INSERT or STOP_INSERT
 *                          outside insert mode, a second START_INSERT, an INSERT beyond the free count
 * @param resetRate         probability per cycle (no session open) of a RESET command
 * @param resetWithTraffic  whether RESET may be issued while requests are outstanding
 * @param rstRate           probability per cycle of pulsing the {@code rst} pin
 * @param offerRate         probability per cycle that a queued item starts being offered (valid)
 * @param readyLowRate      probability per cycle that {@code rsp_ready} drops for a stretch
 * @param maxReadyLow       longest {@code rsp_ready} low stretch
 * @param keyReuse          probability that a request reuses the key of an inserted entry
 * @param wildcardRate      probability that a mask (insert for PRQ, request for UMQ) has don't-care bits
 */
public record TrafficMix(double requestRate, double sessionRate, double politeSessions, double badCommandRate,
                         double resetRate, boolean resetWithTraffic, double rstRate, double offerRate,
                         double readyLowRate, int maxReadyLow, double keyReuse, double wildcardRate) {

    public TrafficMix {
        check("requestRate", requestRate);
        check("sessionRate", sessionRate);
        check("politeSessions", politeSessions);
        check("badCommandRate", badCommandRate);
        check("resetRate", resetRate);
        check("rstRate", rstRate);
        check("offerRate", offerRate);
        check("readyLowRate", readyLowRate);
        check("keyReuse", keyReuse);
        check("wildcardRate", wildcardRate);
        if (offerRate == 0) throw new IllegalArgumentException("offerRate must be > 0, got 0.0");
        if (maxReadyLow < 1) throw new IllegalArgumentException("maxReadyLow must be >= 1, got " + maxReadyLow);
    }

    /** Everything the datasheet allows, including bad commands, RESET under traffic and rst pulses. */
    public static final TrafficMix FULL = new TrafficMix(0.3, 0.05, 0.7, 0.2, 0.004, true, 0.001, 0.7, 0.1, 12, 0.7, 0.2);

    /** Well-behaved software: polite sessions only, no bad commands, no resets. */
    public static final TrafficMix POLITE = new TrafficMix(0.3, 0.05, 1.0, 0.0, 0.0, false, 0.0, 0.7, 0.1, 12, 0.7, 0.2);

    private static void check(String name, double p) {
        if (!(p >= 0 && p <= 1)) throw new IllegalArgumentException(name + " must be in 0..1, got " + p);
    }
}

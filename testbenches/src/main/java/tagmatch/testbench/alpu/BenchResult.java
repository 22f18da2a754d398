package tagmatch.testbench.alpu;

/**
 * What one bench run did: cycles, transfers on each channel, responses by kind, the abuse it
 * issued, and how much of the scoreboard's interleaving freedom it used.
 */
public record BenchResult(long cycles, long requests, long commands, long successes, long failures, long acks,
                          long badCommands, long overInserts, long resets, long rstPulses, long answeredInInsertMode,
                          long answeredAfterHold, long idleChecks, int maxHypotheses) {

    public long responses() {
        return successes + failures + acks;
    }

    /** One line for logs and the cosim command's verdict. */
    public String summary() {
        return cycles + " cycles, " + requests + " requests, " + commands + " commands, " + successes
                + " MATCH_SUCCESS, " + failures + " MATCH_FAILURE, " + acks + " START_ACK, " + badCommands
                + " bad commands (" + overInserts + " into a full unit), " + resets + " RESET, " + rstPulses
                + " rst pulses, " + answeredInInsertMode + " answers in insert mode, " + answeredAfterHold
                + " answers after an R4 hold, " + idleChecks
                + " idle status checks, up to " + maxHypotheses + " interleavings tracked";
    }
}

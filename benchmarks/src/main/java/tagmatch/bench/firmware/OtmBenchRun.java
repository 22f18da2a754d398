package tagmatch.bench.firmware;

/**
 * One run of the firmware bench program under an instruction counter: the instructions counted,
 * the messages matched, and the firmware's own counters (conflicts / fast / slow / in order).
 */
record OtmBenchRun(long ir, long matched, String stats) {
    /** Parses the bench's last line, "matched M unexpected U seconds S conflicts C fast F slow L in_order I". */
    static OtmBenchRun of(long ir, String log, int msgs) {
        long matched = -1;
        String stats = "";
        for (String line : log.split("\n")) {
            if (line.startsWith("matched ")) {
                String[] f = line.trim().split(" ");
                matched = Long.parseLong(f[1]);
                stats = f[7] + "/" + f[9] + "/" + f[11] + "/" + f[13];
            }
        }
        if (matched < 0 || ir < 0 || (msgs > 0 && matched == 0)) throw new IllegalStateException("the instruction count gave no figures:\n" + log);
        return new OtmBenchRun(ir, matched, stats);
    }
}

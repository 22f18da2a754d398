package tagmatch.dpa;

import tagmatch.dpa.mem.CacheCounts;

import java.util.List;

/**
 * How a run ended and what it did: the console text, the exit code (when a hart stored to the exit
 * register), the error (when a hart stopped on one), the cycles from start to stop, the
 * instructions each hart retired and what the accesses found in the caches.
 */
public record DpaResult(String console, Outcome outcome, long exitCode, DpaError error, long cycles, List<Long> retired,
                        CacheCounts caches) {
    public enum Outcome { EXIT, ERROR, TIMEOUT }

    public DpaResult {
        retired = List.copyOf(retired);
    }

    public long totalRetired() {
        long s = 0;
        for (long r : retired) s += r;
        return s;
    }

    /**
     * The exit code, the instructions each hart retired and in all, per cycle and per second of
     * the {@code seconds} the run took: what {@code tagmatch dpa run} prints after the console.
     */
    public String summary(double seconds) {
        StringBuilder perHart = new StringBuilder();
        for (int h = 0; h < retired.size(); h++) perHart.append(h == 0 ? "" : " ").append(h).append(':').append(retired.get(h));
        return String.format("exit code %d after %d cycles%n", exitCode, cycles)
                + "instructions retired per hart: " + perHart + System.lineSeparator()
                + String.format("total %d instructions, %.3f per cycle; simulated at %.2f M instructions/s (%.2f s)%n", totalRetired(),
                totalRetired() / (double) Math.max(1, cycles), totalRetired() / seconds / 1e6, seconds)
                + caches.summary() + System.lineSeparator();
    }

    /** A hart that stopped on an error: which, where, on what instruction and why (RISC-V mcause code). */
    public record DpaError(int hart, long pc, long instruction, int cause) {
        public String describe() {
            String what;
            switch (cause) {
                case Rv64.FETCH_FAULT: what = "instruction fetch outside RAM"; break;
                case Rv64.ILLEGAL: what = "illegal instruction"; break;
                case Rv64.BREAKPOINT: what = "ebreak"; break;
                case Rv64.LOAD_MISALIGNED: what = "misaligned load"; break;
                case Rv64.LOAD_FAULT: what = "load outside RAM and the console/exit registers"; break;
                case Rv64.STORE_MISALIGNED: what = "misaligned store or atomic"; break;
                case Rv64.STORE_FAULT: what = "store or atomic outside RAM and the console/exit registers"; break;
                case Rv64.ECALL_M: what = "ecall"; break;
                default: what = "cause " + cause;
            }
            return String.format("hart %d stopped at pc 0x%x: %s (instruction 0x%08x)", hart, pc, what, instruction);
        }
    }
}

package tagmatch.dpa.isa;

/** One retired instruction of one hart: its pc and the register it wrote ({@code rd} 0: none). */
public record Retirement(long pc, int rd, long value) {
    @Override
    public String toString() {
        return String.format("pc %016x %s", pc, rd == 0 ? "no register write" : "x" + rd + " = " + String.format("%016x", value));
    }
}

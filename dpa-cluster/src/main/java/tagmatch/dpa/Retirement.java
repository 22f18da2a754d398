package tagmatch.dpa;

/** One retired instruction: the hart, its pc, and the register it wrote ({@code rd} 0: none) with the value. */
public record Retirement(int hart, long pc, int rd, long value) {}

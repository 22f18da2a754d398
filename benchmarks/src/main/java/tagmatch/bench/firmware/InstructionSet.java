package tagmatch.bench.firmware;

import java.util.Optional;

/** An instruction set the firmware bench counts on: its name, the bench's make target and program, and how it is counted. */
public enum InstructionSet {
    X86_64("x86-64", "bench", "otm_bench", "valgrind callgrind"),
    RV64("rv64", "bench-rv64", "otm_bench_rv64", "qemu-riscv64, riscv64-linux-gnu-gcc: the DPA's instruction set");

    final String label;
    final String target;
    final String program;
    final String counter;

    InstructionSet(String label, String target, String program, String counter) {
        this.label = label;
        this.target = target;
        this.program = program;
        this.counter = counter;
    }

    /** The name it goes by on the command line and in the tables. */
    public String label() {
        return label;
    }

    public static Optional<InstructionSet> named(String label) {
        for (InstructionSet i : values()) if (i.label.equals(label)) return Optional.of(i);
        return Optional.empty();
    }
}

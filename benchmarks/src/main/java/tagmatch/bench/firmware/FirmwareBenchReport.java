package tagmatch.bench.firmware;

import java.util.List;

/** What {@link FirmwareBenchmark} counted: per instruction set, case and depth the list's and the firmware's cost; the ablation. */
public record FirmwareBenchReport(FirmwareBenchmark.Settings settings, List<CaseRow> cases, List<AblationRow> ablation) {
    /** Instructions per matched message, all-in and match only, and the firmware's conflicts/fast/slow/in-order counters. */
    public record Cost(double allIn, double match, String stats) {}

    /** One case at one depth on one instruction set. */
    public record CaseRow(InstructionSet isa, String kase, int depth, Cost list, Cost firmware) {}

    /** One case on one build of the ablation, a cost per instruction set in the settings' order. */
    public record AblationRow(String kase, String build, List<Cost> costs) {
        public AblationRow {
            costs = List.copyOf(costs);
        }
    }

    public FirmwareBenchReport {
        cases = List.copyOf(cases);
        ablation = List.copyOf(ablation);
    }

    /** The tables as {@code tagmatch bench firmware} prints them. */
    public String text() {
        StringBuilder s = new StringBuilder();
        s.append("firmware ").append(settings.firmware().key())
                .append(" (gcc -O2 -g); baseline: MPICH-style linked list in C, same flags, one thread\n");
        s.append("instructions per matched message (").append(settings.messages()).append(" matched messages; barrier and lock waits left out); "
                + "ratio = firmware all-in / list all-in; in order = messages of in-order blocks\n");
        for (InstructionSet isa : settings.isas()) {
            s.append('\n').append(isa.label).append(" (").append(isa.counter).append(")\n");
            s.append(String.format("%-13s %6s %10s %10s %10s %10s %8s %28s%n", "case", "depth", "list all-in", "list match",
                    "fw all-in", "fw match", "ratio", "conflicts/fast/slow/in order"));
            for (CaseRow r : cases) {
                if (r.isa() != isa) continue;
                Cost list = r.list(), fw = r.firmware();
                s.append(String.format("%-13s %6d %10.1f %10.1f %10.1f %10.1f %7.3fx %28s%n", r.kase(), r.depth(), list.allIn(), list.match(),
                        fw.allIn(), fw.match(), fw.allIn() / list.allIn(), fw.stats()));
            }
        }
        s.append('\n');
        s.append("ablation: the conflict workload (per-key resolution) and the wildcard mix (booking protocol) at depth ")
                .append(settings.ablationDepth()).append(" on each build (all-in instructions per matched message)\n");
        s.append(String.format("%-13s %-34s", "case", "build"));
        for (InstructionSet isa : settings.isas()) s.append(String.format(" %16s %16s", isa.label + " all-in", isa.label + " match"));
        // the counters depend on the threads' interleaving: those of the last instruction set's run
        s.append(String.format(" %28s%n", "conflicts/fast/slow/in order " + settings.isas().get(settings.isas().size() - 1).label));
        for (AblationRow r : ablation) {
            s.append(String.format("%-13s %-34s", r.kase(), r.build()));
            for (Cost c : r.costs()) s.append(String.format(" %16.1f %16.1f", c.allIn(), c.match()));
            s.append(String.format(" %28s%n", r.costs().get(r.costs().size() - 1).stats()));
        }
        return s.toString();
    }
}

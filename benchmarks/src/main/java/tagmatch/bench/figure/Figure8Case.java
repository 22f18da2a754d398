package tagmatch.bench.figure;

import java.util.List;
import java.util.Locale;
import java.util.function.UnaryOperator;
import tagmatch.dpasystem.BenchCase;
import tagmatch.otm.OtmConfig;

/**
 * The cases of figure 8: the workload and the build it runs on. The seed's three run with every
 * block matched optimistically, as the seed does (the slow path's build has no fast path); the
 * last runs the default build, whose contended blocks are followed by in-order ones. Both the
 * host figure ({@link MessageRateFigure}) and the simulated one ({@link DpaRateFigure}) take their
 * cases from here, so a case has one label and one build.
 */
public enum Figure8Case {
    NO_CONFLICT("no conflict", BenchCase.NO_CONFLICT, c -> c.withInOrderRun(0)),
    FAST_PATH("conflict, fast path", BenchCase.CONFLICT, c -> c.withInOrderRun(0)),
    SLOW_PATH("conflict, slow path", BenchCase.CONFLICT, c -> c.withInOrderRun(0).withOptimizations(false, true)),
    IN_ORDER("conflict, in order", BenchCase.CONFLICT, c -> c);

    /** The seed's three cases (§VI), in the order the seed plots them. */
    public static final List<Figure8Case> SEED = List.of(NO_CONFLICT, FAST_PATH, SLOW_PATH);

    private final String label;
    private final BenchCase workload;
    private final UnaryOperator<OtmConfig> build;

    Figure8Case(String label, BenchCase workload, UnaryOperator<OtmConfig> build) {
        this.label = label;
        this.workload = workload;
        this.build = build;
    }

    public String label() {
        return label;
    }

    /** True when every message and receive is (0, 0), so the threads of a block race. */
    public boolean conflict() {
        return workload == BenchCase.CONFLICT;
    }

    /** The build of this case from the figure's base configuration. */
    public OtmConfig build(OtmConfig base) {
        return build.apply(base);
    }

    /** The workload as the ping-pong programs name it on their command line. */
    String workloadArgument() {
        return argument(conflict());
    }

    /** The ping-pong programs' name for a workload with or without conflict. */
    static String argument(boolean conflict) {
        return conflict ? "conflict" : "no-conflict";
    }

    /** The case's name in the figure's CSV. */
    String csvName() {
        return name().toLowerCase(Locale.ROOT).replace('_', '-');
    }
}

package tagmatch.hdl.passes;

import tagmatch.hdl.ir.Circuit;

import java.util.List;

/**
 * The standard pass pipeline. Widths are inferred and checked on the connections as written
 * (so errors point at the user's line), then {@code when}s are lowered, drivers and scopes
 * checked, constants folded, loops looked for, values given the name of the signal they drive ({@link AliasElimination}),
 * logic without effect removed ({@link DeadLogicRemoval}; after the renaming, so that a wire
 * naming a value other logic uses is read), names legalized, clock-domain crossings checked
 * ({@link CheckClockCrossings}) and identical modules merged.
 */
public final class Passes {
    private Passes() {}

    public static List<Pass> pipeline() {
        return List.of(new InferWidths(), new CheckWidths(), new WhenLowering(), new CheckDrivers(),
                new ConstantFolding(), new CheckCombLoops(), new AliasElimination(), new DeadLogicRemoval(), new LegalizeNames(),
                new CheckClockCrossings(), new Deduplicate());
    }

    /** Runs the whole pipeline over {@code c}, in place. */
    public static void standard(Circuit c) {
        for (Pass p : pipeline()) p.run(c);
    }
}

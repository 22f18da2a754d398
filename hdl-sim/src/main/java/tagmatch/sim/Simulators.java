package tagmatch.sim;

/** Entry points: build a design with Verilator (cached) and create simulators of it. */
public final class Simulators {
    private Simulators() {}

    /** Builds (or finds in the cache) and loads a design; create instances with {@link VerilatorModel#newInstance()}. */
    public static VerilatorModel verilatorModel(SimDesign design, VerilatorOptions options) {
        VerilatorBuild build = new VerilatorBuild(options, BuildCache.standard());
        NativeRuntime.bind(build.runtimeLibrary());
        return new VerilatorModel(design, options, build.design(design));
    }

    /** One Verilator instance of {@code design} with default options. */
    public static Simulator verilator(SimDesign design) {
        return verilatorModel(design, VerilatorOptions.defaults()).newInstance();
    }

    /** One Verilator instance of {@code design}. */
    public static Simulator verilator(SimDesign design, VerilatorOptions options) {
        return verilatorModel(design, options).newInstance();
    }
}

package tagmatch.sim.verilator;

import com.sun.jna.Function;
import com.sun.jna.NativeLibrary;
import com.sun.jna.Pointer;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import tagmatch.sim.PropertyFailure;
import tagmatch.sim.SimBuildException;
import tagmatch.sim.SimDesign;
import tagmatch.sim.Simulator;

/**
 * One design compiled by Verilator and loaded into this JVM; creates any number of independent
 * {@link Simulator} instances (each with its own Verilator context and state).
 */
public final class VerilatorModel {
    /**
     * Loaded design libraries stay loaded for the JVM's lifetime: JNA unloads a library whose
     * NativeLibrary object is collected, which would pull the code from under live instances.
     */
    private static final Map<Path, NativeLibrary> LOADED = new ConcurrentHashMap<>();

    private final SimDesign design;
    private final VerilatorOptions options;
    private final Path library;
    private final boolean cacheHit;
    private final long buildNanos;
    private final Function create;
    /** Present when the design has properties: the shim's record of the first failed one. */
    private final Function failedLine;
    private final Function failedCycle;
    /** Present when the design prints: the shim's buffer of printed text. */
    private final Function output;

    VerilatorModel(SimDesign design, VerilatorOptions options, VerilatorBuild.Built built) {
        this.design = design;
        this.options = options;
        this.library = built.library();
        this.cacheHit = built.hit();
        this.buildNanos = built.nanos();
        NativeLibrary lib = LOADED.computeIfAbsent(library, p -> NativeLibrary.getInstance(p.toString()));
        this.create = lib.getFunction("tm_create");
        boolean props = design.verilog().contains("\n`ifdef FORMAL\n");
        this.failedLine = props ? lib.getFunction("tm_failed_line") : null;
        this.failedCycle = props ? lib.getFunction("tm_failed_cycle") : null;
        this.output = design.verilog().contains("$write(") || design.verilog().contains("$display(")
                ? lib.getFunction("tm_output") : null;
    }

    /** Writes what instance {@code handle} printed since the last call to {@code out}. */
    void takeOutput(long handle, java.io.PrintStream out) {
        if (output == null) {
            return;
        }
        Pointer p = new Pointer(handle);
        long n = output.invokeLong(new Object[] {p, null, 0L});
        if (n == 0) {
            return;
        }
        com.sun.jna.Memory buf = new com.sun.jna.Memory(n);
        output.invokeLong(new Object[] {p, buf, n});
        out.print(new String(buf.getByteArray(0, (int) n), java.nio.charset.StandardCharsets.UTF_8));
        out.flush();
    }

    /**
     * Builds {@code design} (or finds it in the standard build cache), binds the shared runtime
     * once per JVM and loads the design's library.
     */
    public static VerilatorModel load(SimDesign design, VerilatorOptions options) {
        VerilatorBuild build = new VerilatorBuild(options, BuildCache.standard());
        NativeRuntime.bind(build.runtimeLibrary());
        return new VerilatorModel(design, options, build.design(design));
    }

    /** Whether {@code design} is in the standard build cache already, so that {@link #load} builds nothing. */
    public static boolean isBuilt(SimDesign design, VerilatorOptions options) {
        return new VerilatorBuild(options, BuildCache.standard()).isBuilt(design);
    }

    /** A fresh instance in its initial (all-zero) state. */
    public Simulator newInstance() {
        Pointer p = create.invokePointer(new Object[0]);
        if (p == null) {
            throw new IllegalStateException("out of memory creating an instance of " + design.top());
        }
        return new VerilatorSimulator(this, options.trace(), Pointer.nativeValue(p));
    }

    public SimDesign design() { return design; }

    /** Throws the first property failure instance {@code handle} recorded, if any. */
    void checkProperties(long handle) {
        if (failedLine == null) {
            return;
        }
        Pointer p = new Pointer(handle);
        int line = failedLine.invokeInt(new Object[] {p});
        if (line == 0) {
            return;
        }
        long cycle = failedCycle.invokeLong(new Object[] {p});
        tagmatch.hdl.backend.CheckSite site = tagmatch.hdl.backend.CheckSite.at(design.verilog(), line).orElse(null);
        if (site == null) {
            throw new PropertyFailure("assertion", "Verilog line " + line, design.top() + ".v:" + line, "", cycle, "verilator");
        }
        throw new PropertyFailure(site.kind().keyword, site.message(), site.source(), "", cycle, "verilator");
    }

    /**
     * Builds a stand-alone C++ program from {@code mainCpp} (which includes {@code "Vdut.h"} and
     * drives class {@code Vdut}) linked with this model's Verilated code, compiled with the same
     * flags as the library: the pure C++ baseline the JNA paths are measured against.
     * Returns the executable, written under {@code outDir}.
     */
    public Path buildHarness(String mainCpp, Path outDir) {
        try {
            return new VerilatorBuild(options, BuildCache.standard()).executable(design, library.getParent(), mainCpp, outDir);
        } catch (java.io.IOException e) {
            throw new SimBuildException("writing the C++ harness into " + outDir + ": " + e.getMessage(), e);
        }
    }

    /** The shared library this model was loaded from (inside the build cache, beside its sources). */
    public Path library() { return library; }

    /** Whether the library came from the build cache. */
    public boolean cacheHit() { return cacheHit; }

    /** Time spent building or finding the library, in nanoseconds. */
    public long buildNanos() { return buildNanos; }
}

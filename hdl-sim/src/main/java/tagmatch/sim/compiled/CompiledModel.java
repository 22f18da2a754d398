package tagmatch.sim.compiled;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import tagmatch.hdl.ir.Circuit;
import tagmatch.sim.BehaviouralModels;
import tagmatch.sim.CircuitDesigns;
import tagmatch.sim.SimDesign;
import tagmatch.sim.Simulator;
import tagmatch.sim.flat.FlatSimulator;
import tagmatch.sim.flat.Kernel;
import tagmatch.sim.flat.Schedule;

/**
 * One design compiled to JVM bytecode: its {@link Schedule} and the loaded class of its
 * {@link Kernel}, defined as a hidden class so that it is unloaded with the model. Compile once,
 * then create any number of independent instances.
 */
public final class CompiledModel {
    private final SimDesign design;
    private final Schedule schedule;
    private final Kernel kernel;
    private final int classBytes;
    private final BehaviouralModels models;

    private CompiledModel(SimDesign design, Schedule schedule, Kernel kernel, int classBytes, BehaviouralModels models) {
        this.design = design;
        this.models = models;
        this.schedule = schedule;
        this.kernel = kernel;
        this.classBytes = classBytes;
    }

    /** Compiles an elaborated (lowered) circuit. */
    public static CompiledModel of(Circuit circuit) {
        return of(CircuitDesigns.of(circuit), circuit);
    }

    /** Compiles {@code circuit}, which {@code design} describes (its ports and names). */
    public static CompiledModel of(SimDesign design, Circuit circuit) {
        return of(design, circuit, BehaviouralModels.none());
    }

    /**
     * Compiles {@code circuit}, whose external modules run as {@code models}: each instance of the
     * compiled design makes its own model of each external instance.
     */
    public static CompiledModel of(SimDesign design, Circuit circuit, BehaviouralModels models) {
        Schedule schedule = new Schedule(circuit, models, "compiled backend", "Simulators.compiled");
        byte[] bytes = KernelWriter.write(schedule);
        try {
            MethodHandles.Lookup l = MethodHandles.lookup().defineHiddenClass(bytes, true);
            Kernel k = (Kernel) l.findConstructor(l.lookupClass(), MethodType.methodType(void.class)).invoke();
            return new CompiledModel(design, schedule, k, bytes.length, models);
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable t) {
            throw new IllegalStateException("cannot load the class compiled for " + design.top() + ": " + t, t);
        }
    }

    /** A new instance, all state zero. */
    public Simulator newInstance() {
        return new FlatSimulator(design, schedule, kernel, models, "compiled");
    }

    public SimDesign design() { return design; }

    /** Size of the generated class file, for benchmark output. */
    public int classBytes() { return classBytes; }
}

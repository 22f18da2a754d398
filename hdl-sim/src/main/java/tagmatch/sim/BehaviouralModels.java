package tagmatch.sim;

import java.util.Map;
import java.util.TreeMap;

/**
 * Which {@link BehaviouralModel} stands for each external module on the Java backends, keyed by
 * the module's Verilog name: {@code BehaviouralModels.of("ext_acc", AccumulatorModel::new)
 * .with("vendor_pll", at -> new PllModel())}. Each instance of the module gets its own model,
 * made by the factory from the instance's path and parameters. Immutable.
 */
public final class BehaviouralModels {
    /** Makes the model of one instance. */
    @FunctionalInterface
    public interface Factory {
        BehaviouralModel create(ExternalInstance at);
    }

    private static final BehaviouralModels NONE = new BehaviouralModels(Map.of());
    private final Map<String, Factory> factories;

    private BehaviouralModels(Map<String, Factory> factories) {
        this.factories = factories;
    }

    /** No models: a design with an external module is refused. */
    public static BehaviouralModels none() {
        return NONE;
    }

    /** The model of the external module named {@code module}. */
    public static BehaviouralModels of(String module, Factory factory) {
        return NONE.with(module, factory);
    }

    /** These models and one more; a module may have only one. */
    public BehaviouralModels with(String module, Factory factory) {
        java.util.Objects.requireNonNull(factory, "factory");
        if (factories.containsKey(module)) {
            throw new IllegalArgumentException("external module " + module + " already has a behavioural model");
        }
        Map<String, Factory> m = new TreeMap<>(factories);
        m.put(module, factory);
        return new BehaviouralModels(Map.copyOf(m));
    }

    /** The factory for {@code module}, or null. */
    public Factory factory(String module) {
        return factories.get(module);
    }

    /** The modules that have a model, sorted. */
    public java.util.SortedSet<String> modules() {
        return new java.util.TreeSet<>(factories.keySet());
    }
}

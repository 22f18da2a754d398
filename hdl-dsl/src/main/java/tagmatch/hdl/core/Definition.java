package tagmatch.hdl.core;

import tagmatch.hdl.ir.HdlException;
import tagmatch.hdl.ir.ModuleDef;

import java.util.List;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * A module elaborated once, to be instantiated any number of times (Chisel's {@code Definition}):
 * 4096 identical cells cost one run of the cell's constructor, not 4096. Make one with
 * {@link #of(Supplier)} (elaborates now, the caller shares it) or
 * {@link #of(Class, Object, Function)} (elaborates once per
 * generator class and parameter value in the whole elaboration), and place it with
 * {@link Hdl#instance(Definition)}, which gives an {@link Instance} to reach the ports through.
 *
 * <pre>{@code
 * Definition<Cell> cell = Definition.of(() -> new Cell(width));
 * for (int i = 0; i < n; i++) {
 *     Instance<Cell> c = instance("cell_" + i, cell);
 *     c.io(x -> x.in).set(previous);
 *     previous = c.io(x -> x.out);
 * }
 * }</pre>
 *
 * @param <T> the module class
 */
public final class Definition<T extends Module> {
    final T module;
    final Builder builder;

    /**
     * Elaborates {@code generator}'s module now, once, for any number of {@link Hdl#instance(Definition)}s
     * (Chisel's {@code Definition}): {@code Definition<Cell> cell = Definition.of(() -> new Cell(8));}.
     */
    public static <T extends Module> Definition<T> of(Supplier<T> generator) {
        Builder b = Builder.active();
        T m = generator.get();
        b.pop(m);
        Elaborator.finish(m);
        return new Definition<>(m, b);
    }

    /**
     * The definition of {@code generator} for {@code params}, elaborated on the first request and
     * shared by every later one in the same elaboration, wherever it comes from:
     * {@code Definition.of(CellBlock.class, cfg, CellBlock::new)}. {@code params} must hold
     * everything the module depends on and compare by value (a record, a {@code List.of(...)}).
     */
    @SuppressWarnings("unchecked")
    public static <P, T extends Module> Definition<T> of(Class<T> generator, P params, Function<? super P, ? extends T> make) {
        Builder b = Builder.active();
        Builder.Frame here = Builder.frameOrNull();
        List<Object> key = List.of(generator, params, here == null ? ResetKind.SYNC_HIGH : here.resetKind);
        Definition<?> known = b.definitions.get(key);
        if (known != null) return (Definition<T>) known;
        Definition<T> made = of(() -> make.apply(params));
        if (made.module.getClass() != generator)
            throw new HdlException("Definition.of(" + generator.getSimpleName() + ".class, ...) made a "
                    + made.module.getClass().getSimpleName(), Builder.here());
        b.definitions.put(key, made);
        return made;
    }

    Definition(T module, Builder builder) {
        this.module = module;
        this.builder = builder;
    }

    /**
     * The elaborated module object: for its Java-side parameters and port types. Its ports are
     * hardware of the definition itself; a parent reaches them per instance with
     * {@link Instance#io}.
     */
    public T module() {
        return module;
    }

    /** The one IR definition every instance of this shares. */
    public ModuleDef ir() {
        return module.def;
    }
}

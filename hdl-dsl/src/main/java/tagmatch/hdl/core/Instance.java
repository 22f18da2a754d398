package tagmatch.hdl.core;

import tagmatch.hdl.ir.HdlException;

import java.lang.reflect.Constructor;
import java.lang.reflect.RecordComponent;
import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * One placement of a {@link Definition} inside the module being described (Chisel's
 * {@code Instance}). The definition's module object is shared by every instance, so its port
 * fields cannot say which instance they belong to; {@link #io} translates them:
 * {@code inst.io(m -> m.hit)} is the {@code hit} port of this instance, as seen from the parent.
 *
 * @param <T> the module class
 */
public final class Instance<T extends Module> {
    final Definition<T> definition;
    final tagmatch.hdl.ir.Instance ir;
    final Module parent;
    /** One view per port, so that asking twice gives the same value (and naming it names both). */
    private final Map<Data, Data> views = new IdentityHashMap<>();

    Instance(Definition<T> definition, tagmatch.hdl.ir.Instance ir, Module parent) {
        this.definition = definition;
        this.ir = ir;
        this.parent = parent;
    }

    public Definition<T> definition() {
        return definition;
    }

    /**
     * What {@code select} picks from the definition's module, with every port in it replaced by
     * this instance's port: a port ({@code m -> m.hit}), or a record, list or array of ports
     * ({@code Cell::ports}). Other values (numbers, strings, null) pass through unchanged.
     */
    @SuppressWarnings("unchecked")
    public <R> R io(Function<? super T, R> select) {
        return (R) view(select.apply(definition.module));
    }

    private Object view(Object v) {
        if (v == null) return null;
        if (v instanceof Data d) return port(d);
        if (v instanceof List<?> list) {
            List<Object> out = new ArrayList<>(list.size());
            for (Object x : list) out.add(view(x));
            return Collections.unmodifiableList(out);
        }
        if (v instanceof Object[] arr) {
            Object[] out = (Object[]) java.lang.reflect.Array.newInstance(arr.getClass().getComponentType(), arr.length);
            for (int i = 0; i < arr.length; i++) out[i] = view(arr[i]);
            return out;
        }
        if (v instanceof Record r) return record(r);
        if (v instanceof Module || v instanceof Mem<?>)
            throw new HdlException("io: only ports can be reached through an instance, not "
                    + v.getClass().getSimpleName(), Locators.here());
        return v;
    }

    private Data port(Data d) {
        Data done = views.get(d);
        if (done != null) return done;
        List<Bits> leaves = d.leaves();
        for (Bits b : leaves)
            if (b.signal == null || !b.signal.isPort() || b.owner != definition.module)
                throw new HdlException("io: " + d.describe() + " is not a port of "
                        + definition.module.getClass().getSimpleName(), Locators.here());
        Data view = d.freshType();
        view.flipped = d.flipped;
        List<Bits> mine = view.leaves();
        for (int i = 0; i < leaves.size(); i++) mine.get(i).bindThrough(leaves.get(i).signal, this);
        views.put(d, view);
        return view;
    }

    private Object record(Record r) {
        RecordComponent[] parts = r.getClass().getRecordComponents();
        Object[] values = new Object[parts.length];
        Class<?>[] types = new Class<?>[parts.length];
        try {
            for (int i = 0; i < parts.length; i++) {
                var accessor = parts[i].getAccessor();
                accessor.setAccessible(true);
                values[i] = view(accessor.invoke(r));
                types[i] = parts[i].getType();
            }
            Constructor<?> make = r.getClass().getDeclaredConstructor(types);
            make.setAccessible(true);
            return make.newInstance(values);
        } catch (ReflectiveOperationException e) {
            throw new HdlException("io: cannot rebuild record " + r.getClass().getSimpleName() + ": " + e, Locators.here());
        }
    }
}

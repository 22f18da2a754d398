package tagmatch.sim.peekpoke;

import tagmatch.hdl.core.Bits;
import tagmatch.hdl.core.Bool;
import tagmatch.hdl.core.Bundle;
import tagmatch.hdl.core.Data;
import tagmatch.hdl.core.HwEnum;
import tagmatch.hdl.core.Vec;

import java.lang.reflect.Constructor;
import java.lang.reflect.RecordComponent;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Java values of DSL types, leaf by leaf. A bundle is a {@code Map} from field name (partial maps
 * leave the other fields alone) or a record whose components are named like the fields; a
 * {@code Vec} is a {@code List}; a ground value is a number, a {@code Boolean} or, for an
 * {@link HwEnum}, its Java enum constant. Peeked values come back as maps ({@code LinkedHashMap}
 * in field order), lists, {@code Boolean} for {@link Bool}, the enum constant for an enum,
 * {@code Long} up to 64 bits and {@code BigInteger} above.
 */
final class Values {
    private Values() {}

    /** The leaf values of {@code value} for {@code type}; {@code null} for a leaf the value leaves out. */
    static List<BigInteger> flatten(Data type, Object value, String where) {
        List<BigInteger> out = new ArrayList<>();
        flatten(type, value, where, out);
        return out;
    }

    private static void flatten(Data type, Object value, String where, List<BigInteger> out) {
        if (type instanceof Bits) {
            out.add(value == null ? null : ground((Bits) type, value, where));
        } else if (type instanceof Bundle) {
            Map<String, Data> fields = ((Bundle) type).elements();
            Map<String, Object> given = value == null ? Map.of() : asMap(value, where);
            for (String k : given.keySet())
                if (!fields.containsKey(k))
                    throw new IllegalArgumentException(where + ": " + type.describe() + " has no field '" + k + "'; its fields are " + fields.keySet());
            for (Map.Entry<String, Data> f : fields.entrySet())
                flatten(f.getValue(), given.get(f.getKey()), where + "_" + f.getKey(), out);
        } else {
            Vec<?> v = (Vec<?>) type;
            List<?> given = value == null ? null : asList(value, where);
            if (given != null && given.size() != v.size())
                throw new IllegalArgumentException(where + ": a Vec of " + v.size() + " needs " + v.size() + " elements, got " + given.size());
            for (int i = 0; i < v.size(); i++) flatten(v.get(i), given == null ? null : given.get(i), where + "_" + i, out);
        }
    }

    private static BigInteger ground(Bits type, Object value, String where) {
        BigInteger b;
        if (value instanceof Boolean) {
            b = (Boolean) value ? BigInteger.ONE : BigInteger.ZERO;
        } else if (value instanceof BigInteger) {
            b = (BigInteger) value;
        } else if (value instanceof Long || value instanceof Integer || value instanceof Short || value instanceof Byte) {
            long l = ((Number) value).longValue();
            // a 64-bit port peeks as a long with its top bit set: read it back unsigned
            b = l < 0 && type.width() == 64 ? BigInteger.valueOf(l).add(BigInteger.ONE.shiftLeft(64)) : BigInteger.valueOf(l);
        } else if (value instanceof Enum<?> && type instanceof HwEnum<?>) {
            b = code((HwEnum<?>) type, (Enum<?>) value, where);
        } else {
            throw new IllegalArgumentException(where + ": " + type.describe() + " takes a number or a boolean, got "
                    + value.getClass().getSimpleName() + " " + value);
        }
        if (b.signum() < 0 && type.signed() && b.bitLength() < type.width()) b = b.add(BigInteger.ONE.shiftLeft(type.width()));
        if (b.signum() < 0 || b.bitLength() > type.width())
            throw new IllegalArgumentException(where + ": " + value + " does not fit " + type.width() + " bits");
        return b;
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    private static BigInteger code(HwEnum<?> type, Enum<?> value, String where) {
        if (value.getDeclaringClass() != type.enumClass())
            throw new IllegalArgumentException(where + ": takes a " + type.enumClass().getSimpleName() + ", got " + value);
        return ((HwEnum) type).code(value);
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> asMap(Object value, String where) {
        if (value instanceof Map<?, ?>) return (Map<String, Object>) value;
        if (value instanceof Record) {
            Map<String, Object> m = new LinkedHashMap<>();
            for (RecordComponent c : value.getClass().getRecordComponents()) {
                try {
                    m.put(c.getName(), c.getAccessor().invoke(value));
                } catch (ReflectiveOperationException e) {
                    throw new IllegalArgumentException(where + ": cannot read " + c.getName() + " of " + value, e);
                }
            }
            return m;
        }
        throw new IllegalArgumentException(where + ": a bundle takes a Map or a record, got " + value.getClass().getSimpleName() + " " + value);
    }

    private static List<?> asList(Object value, String where) {
        if (value instanceof List<?>) return (List<?>) value;
        throw new IllegalArgumentException(where + ": a Vec takes a List, got " + value.getClass().getSimpleName() + " " + value);
    }

    /** The Java value of {@code type} from its leaf values, in {@link Data#leaves()} order. */
    static Object read(Data type, Iterator<BigInteger> leaves) {
        if (type instanceof Bits) {
            BigInteger b = leaves.next();
            if (type instanceof HwEnum<?>) {
                HwEnum<?> e = (HwEnum<?>) type;
                for (Enum<?> c : e.enumClass().getEnumConstants())
                    if (code(e, c, "").equals(b)) return c;
                return b.longValue();
            }
            if (type instanceof Bool) return b.signum() != 0;
            return ((Bits) type).width() <= 64 ? (Object) b.longValue() : b;
        }
        if (type instanceof Bundle) {
            Map<String, Object> m = new LinkedHashMap<>();
            for (Map.Entry<String, Data> f : ((Bundle) type).elements().entrySet()) m.put(f.getKey(), read(f.getValue(), leaves));
            return m;
        }
        List<Object> l = new ArrayList<>();
        for (Data d : (Vec<?>) type) l.add(read(d, leaves));
        return l;
    }

    /** {@code value} as the record (or boxed ground type) {@code cls}, converting nested maps and lists. */
    @SuppressWarnings("unchecked")
    static <R> R as(Class<R> cls, Object value, String where) {
        if (cls.isInstance(value) && !cls.isRecord()) return (R) value;
        if (cls == long.class || cls == Long.class) return (R) (Long) number(value, where).longValue();
        if (cls == int.class || cls == Integer.class) return (R) (Integer) number(value, where).intValueExact();
        if (cls == boolean.class || cls == Boolean.class) return (R) (Boolean) (number(value, where).signum() != 0);
        if (cls == BigInteger.class) return (R) number(value, where);
        if (cls.isRecord() && value instanceof Map<?, ?>) {
            Map<?, ?> m = (Map<?, ?>) value;
            RecordComponent[] cs = cls.getRecordComponents();
            Class<?>[] types = new Class<?>[cs.length];
            Object[] args = new Object[cs.length];
            for (int i = 0; i < cs.length; i++) {
                if (!m.containsKey(cs[i].getName()))
                    throw new IllegalArgumentException(where + ": record " + cls.getSimpleName() + " has a component " + cs[i].getName()
                            + " the value has no field for; its fields are " + m.keySet());
                types[i] = cs[i].getType();
                args[i] = as(types[i], m.get(cs[i].getName()), where + "_" + cs[i].getName());
            }
            try {
                Constructor<R> k = cls.getDeclaredConstructor(types);
                k.setAccessible(true);
                return k.newInstance(args);
            } catch (ReflectiveOperationException e) {
                throw new IllegalArgumentException(where + ": cannot make a " + cls.getSimpleName() + ": " + e, e);
            }
        }
        throw new IllegalArgumentException(where + ": cannot read " + value + " as " + cls.getSimpleName());
    }

    private static BigInteger number(Object value, String where) {
        if (value instanceof Boolean) return (Boolean) value ? BigInteger.ONE : BigInteger.ZERO;
        if (value instanceof BigInteger) return (BigInteger) value;
        if (value instanceof Number) return BigInteger.valueOf(((Number) value).longValue());
        throw new IllegalArgumentException(where + ": " + value + " is not a number");
    }

    /** How a message shows a value of {@code type}: fields and elements in order, numbers in hex above 9. */
    static String show(Data type, Iterator<BigInteger> leaves) {
        StringBuilder sb = new StringBuilder();
        show(type, leaves, sb);
        return sb.toString();
    }

    private static void show(Data type, Iterator<BigInteger> leaves, StringBuilder sb) {
        if (type instanceof Bits) {
            BigInteger b = leaves.next();
            if (b == null) {
                sb.append('_');
            } else if (type instanceof HwEnum<?>) {
                Object v = read(type, List.of(b).iterator());
                sb.append(v);
            } else {
                sb.append(b.compareTo(BigInteger.TEN) < 0 ? b.toString() : "0x" + b.toString(16));
            }
        } else if (type instanceof Bundle) {
            sb.append('{');
            boolean first = true;
            for (Map.Entry<String, Data> f : ((Bundle) type).elements().entrySet()) {
                sb.append(first ? "" : ", ").append(f.getKey()).append('=');
                show(f.getValue(), leaves, sb);
                first = false;
            }
            sb.append('}');
        } else {
            sb.append('[');
            boolean first = true;
            for (Data d : (Vec<?>) type) {
                sb.append(first ? "" : ", ");
                show(d, leaves, sb);
                first = false;
            }
            sb.append(']');
        }
    }
}

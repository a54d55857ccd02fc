package lab.protocol;

import java.lang.reflect.Constructor;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.RecordComponent;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The one codec between a {@link Fact} and the fields of its line in {@code events.jsonl}: each record component is
 * a field, named in snake case ({@code expiresAt} is {@code expires_at}), left out when null. Values: instants as
 * ISO-8601 text, enums by their lower-case name with dashes ({@code gave-up}), a mode's lock by its kind (
 * {@code local}, {@code file}), lists as arrays unless {@link Fact.Joined}, a {@link LockServer} as a number or a
 * host's name, a mode's spec as its knobs by name ({@link RecordedSpecs}), a record marked {@link Fact.Whole} as an
 * object of its components. Reading is strict: a field the record does not have is an error, so a recording that
 * drifted from its records says so instead of losing a fact. The one exception is an older format, read as it was
 * written ({@link FormatOne}).
 */
final class EventCodec {
    private EventCodec() {}

    private static final ClassValue<Shape> SHAPES = new ClassValue<>() {
        @Override
        protected Shape computeValue(Class<?> type) {
            return new Shape(type);
        }
    };

    /** A record's components, their wire names, and its canonical constructor. */
    private static final class Shape {
        final RecordComponent[] components;
        final String[] names;
        final Constructor<?> constructor;

        Shape(Class<?> type) {
            components = type.getRecordComponents();
            names = Arrays.stream(components).map(c -> snake(c.getName())).toArray(String[]::new);
            try {
                constructor = type.getDeclaredConstructor(
                        Arrays.stream(components).map(RecordComponent::getType).toArray(Class<?>[]::new));
                constructor.setAccessible(true);
            } catch (NoSuchMethodException e) {
                throw new IllegalStateException(type + " is not a record", e);
            }
        }
    }

    /** Adds the fields of {@code fact} to {@code line}, in the order of its components. */
    static void write(Fact fact, Map<String, Object> line) {
        writeComponents((Record) fact, line);
    }

    private static void writeComponents(Record record, Map<String, Object> line) {
        Shape shape = SHAPES.get(record.getClass());
        for (int i = 0; i < shape.components.length; i++) {
            RecordComponent c = shape.components[i];
            Object v;
            try {
                v = c.getAccessor().invoke(record);
            } catch (ReflectiveOperationException e) {
                throw new IllegalStateException("cannot read " + c, e);
            }
            if (v == null || Boolean.FALSE.equals(v) && c.isAnnotationPresent(Fact.OnlyWhenTrue.class)) {
                continue;
            }
            line.put(shape.names[i], toWire(v, c));
        }
    }

    /** The facts of an event of {@code type} from the fields of its line (the envelope's already taken out). */
    static Fact read(EventType type, Map<String, Object> line) {
        Map<String, Object> fields = FormatOne.is(type, line) ? FormatOne.filled(line) : line;
        Class<? extends Fact> kind = Fact.of(type);
        Shape shape = SHAPES.get(kind);
        List<String> known = Arrays.asList(shape.names);
        for (String name : fields.keySet()) {
            if (!known.contains(name)) {
                throw new IllegalArgumentException("no field '" + name + "' in a " + type.wireName() + " event");
            }
        }
        Object[] args = new Object[shape.components.length];
        for (int i = 0; i < args.length; i++) {
            RecordComponent c = shape.components[i];
            Object v = fields.get(shape.names[i]);
            try {
                args[i] = v == null
                        ? absent(c)
                        : c.getType() == ModeSpec.class ? spec((Map<?, ?>) v, shape, args) : fromWire(v, c);
            } catch (RuntimeException e) {
                throw new IllegalArgumentException(shape.names[i] + ": " + e.getMessage(), e);
            }
        }
        try {
            return kind.cast(shape.constructor.newInstance(args));
        } catch (ReflectiveOperationException e) {
            throw new IllegalArgumentException("cannot make a " + type.wireName() + " event: " + e.getCause(), e);
        }
    }

    /**
     * A spec, its mode described by the components {@code lock} and {@code needs} read before it (for a mode this JVM
     * does not declare).
     */
    @SuppressWarnings("unchecked") // the components named so are a Mode.Lock and a List<Mode.Need>
    private static ModeSpec spec(Map<?, ?> wire, Shape shape, Object[] read) {
        List<String> names = Arrays.asList(shape.names);
        int lock = names.indexOf("lock");
        int needs = names.indexOf("needs");
        return RecordedSpecs.read(
                wire, lock < 0 ? null : (Mode.Lock) read[lock], needs < 0 ? null : (List<Mode.Need>) read[needs]);
    }

    /** A record as an object of its components, each written as a fact's are. */
    static Map<String, Object> whole(Record r) {
        Map<String, Object> m = new LinkedHashMap<>();
        writeComponents(r, m);
        return m;
    }

    /** An enum's name on the line: {@code gave-up}, {@code fencing-counter}. */
    static String enumName(Enum<?> e) {
        return e.name().toLowerCase(Locale.ROOT).replace('_', '-');
    }

    private static Object absent(RecordComponent c) {
        if (c.getType() == boolean.class && c.isAnnotationPresent(Fact.OnlyWhenTrue.class)) {
            return false;
        }
        if (c.getType().isPrimitive()) {
            throw new IllegalArgumentException("missing");
        }
        return null;
    }

    private static Object toWire(Object v, RecordComponent c) {
        if (v instanceof Instant i) {
            return i.toString();
        }
        if (v instanceof Mode.Lock lock) {
            return c != null && c.isAnnotationPresent(Fact.Whole.class) ? whole(lock) : lock.kind();
        }
        if (v instanceof ModeSpec spec) {
            return RecordedSpecs.write(spec);
        }
        if (v instanceof Enum<?> e) {
            return enumName(e);
        }
        if (v instanceof LockServer s) {
            return s.number() != null ? s.number() : s.name();
        }
        if (v instanceof List<?> list && c.isAnnotationPresent(Fact.Joined.class)) {
            return String.join(" ", list.stream().map(String::valueOf).toList());
        }
        if (v instanceof List<?> list) {
            return list.stream()
                    .map(o -> o instanceof Enum<?> e ? enumName(e) : o)
                    .toList();
        }
        return v;
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    private static Object fromWire(Object v, RecordComponent c) {
        Class<?> t = c.getType();
        if (t == String.class) {
            if (v instanceof String || v instanceof Number) {
                return String.valueOf(v);
            }
        } else if (t == Long.class || t == long.class) {
            return ((Number) v).longValue();
        } else if (t == Integer.class || t == int.class) {
            return ((Number) v).intValue();
        } else if (t == Boolean.class || t == boolean.class) {
            if (v instanceof Boolean || "true".equals(v) || "false".equals(v)) {
                return Boolean.valueOf(String.valueOf(v));
            }
        } else if (t == Instant.class) {
            return Instant.parse((String) v);
        } else if (t == LockServer.class) {
            return new LockServer(String.valueOf(v));
        } else if (t == Mode.Lock.class && c.isAnnotationPresent(Fact.Whole.class)) {
            return wholeFromWire((Map<?, ?>) v, Mode.Lock.class);
        } else if (t == Mode.Lock.class) {
            // A lock no mode here declares (a learner's mode, loaded at run time) is named by its key alone.
            String kind = (String) v;
            return Modes.lockOfKind(kind).orElseGet(() -> new Mode.Lock(kind, kind, Mode.Sight.NONE, ""));
        } else if (t.isEnum()) {
            return enumOf(t, (String) v);
        } else if (t == List.class) {
            if (c.isAnnotationPresent(Fact.Joined.class)) {
                String s = (String) v;
                return s.isBlank() ? List.of() : List.of(s.trim().split(" +"));
            }
            Class<?> element = elementType(c);
            List<Object> out = new ArrayList<>();
            for (Object o : (List<?>) v) {
                out.add(element.isEnum() ? enumOf(element, String.valueOf(o)) : String.valueOf(o));
            }
            return out;
        }
        throw new IllegalArgumentException("not a " + t.getSimpleName() + ": " + v);
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    private static Object enumOf(Class<?> type, String wire) {
        return Enum.valueOf((Class) type, wire.toUpperCase(Locale.ROOT).replace('-', '_'));
    }

    private static Class<?> elementType(RecordComponent c) {
        return c.getGenericType() instanceof ParameterizedType p && p.getActualTypeArguments()[0] instanceof Class<?> e
                ? e
                : String.class;
    }

    /** A record written whole, from its object: each component read as a fact's are, a missing one an error. */
    private static <R extends Record> R wholeFromWire(Map<?, ?> wire, Class<R> type) {
        Shape shape = SHAPES.get(type);
        Object[] args = new Object[shape.components.length];
        for (int i = 0; i < args.length; i++) {
            Object v = wire.get(shape.names[i]);
            if (v == null) {
                throw new IllegalArgumentException("no '" + shape.names[i] + "' in " + wire);
            }
            args[i] = fromWire(v, shape.components[i]);
        }
        try {
            return type.cast(shape.constructor.newInstance(args));
        } catch (ReflectiveOperationException e) {
            throw new IllegalArgumentException("cannot make a " + type.getSimpleName() + " of " + wire, e);
        }
    }

    /** {@code expiresAt} → {@code expires_at}. */
    static String snake(String camel) {
        StringBuilder b = new StringBuilder();
        for (char ch : camel.toCharArray()) {
            if (Character.isUpperCase(ch)) {
                b.append('_').append(Character.toLowerCase(ch));
            } else {
                b.append(ch);
            }
        }
        return b.toString();
    }
}

package lab.protocol;

import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.ServiceLoader;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.stream.Collectors;

/**
 * Every mode this JVM knows: those declared in {@code META-INF/services/lab.protocol.Mode} (the shipped ones, and in
 * tests a mode of the test sources, which a worker process finds the same way on the classpath it inherits), and those
 * {@link #register registered} at run time, such as a mode read from a learner's file, which has no constant.
 */
public final class Modes {
    /**
     * The dashboard's mode keys, in the order the key table lists them: {@code 1}-{@code 7} the first seven modes,
     * room for three more, as on a keyboard's top row. A mode with no key is reached through the knob panel.
     */
    public static final String KEYS = "1234567890";

    /** Keyed modes first, in key-table order; then the others by name (declared before ALL, which uses it). */
    private static final Comparator<Mode> ORDER = Comparator.<Mode>comparingInt(
                    m -> m.key().map(k -> KEYS.indexOf(k)).orElse(KEYS.length()))
            .thenComparing(Mode::cliName);

    /** Kept in {@link #ORDER}: {@link #live} hands out a view of it. */
    private static final List<Mode> ALL = new CopyOnWriteArrayList<>(loaded());

    private Modes() {}

    private static List<Mode> loaded() {
        List<Mode> found = new ArrayList<>();
        for (Mode m : ServiceLoader.load(Mode.class, Modes.class.getClassLoader())) {
            check(found, m);
            found.add(m);
        }
        found.sort(ORDER);
        return found;
    }

    /** Refuses a name or a key already taken, and a key outside the table: two modes must never answer one key. */
    private static void check(List<Mode> known, Mode m) {
        if (!m.cliName().matches("[a-z][a-z0-9-]*")) {
            throw new IllegalArgumentException("'" + m.cliName() + "' is not a mode name: lower case, digits and '-'");
        }
        for (Mode other : known) {
            if (other.cliName().equals(m.cliName())) {
                throw new IllegalArgumentException("mode " + m.cliName() + " is declared twice");
            }
            for (Knob<?> k : m.ownKnobs()) {
                if (other.ownKnobs().stream().anyMatch(o -> o != k && o.name().equals(k.name()))) {
                    throw new IllegalArgumentException("knob " + k.name() + " of mode " + m.cliName()
                            + " has the name of a knob of mode " + other.cliName());
                }
            }
            if (m.key().isPresent() && m.key().equals(other.key())) {
                throw new IllegalArgumentException("key " + m.key().get() + " is taken by mode " + other.cliName()
                        + "; " + m.cliName() + " cannot have it too");
            }
        }
        if (m.key().isPresent() && KEYS.indexOf(m.key().get()) < 0) {
            throw new IllegalArgumentException(
                    "mode " + m.cliName() + " has key " + m.key().get() + ", which is not one of " + KEYS);
        }
    }

    /** Adds a mode found at run time (a learner's file); throws when its name or key is taken. */
    public static synchronized void register(Mode m) {
        check(ALL, m);
        ALL.add(m);
        ALL.sort(ORDER);
    }

    /** Every mode, keyed ones first in key order. */
    public static List<Mode> all() {
        return List.copyOf(ALL);
    }

    /**
     * Every mode, as a read-only view that a mode registered later joins: the mode knob's steps, so that the knob
     * panel reaches a mode loaded at run time, which has no key.
     */
    public static List<Mode> live() {
        return Collections.unmodifiableList(ALL);
    }

    /** The mode named {@code name}; the exception's message lists the names that exist. */
    public static Mode parse(String name) {
        return byName(name)
                .orElseThrow(() ->
                        new IllegalArgumentException("'" + name + "' is not a mode (expected one of " + names() + ")"));
    }

    public static Optional<Mode> byName(String name) {
        return ALL.stream().filter(m -> m.cliName().equals(name)).findFirst();
    }

    /** The mode a dashboard key switches to, if it is one. */
    public static Optional<Mode> byKey(char key) {
        return ALL.stream().filter(m -> m.key().equals(Optional.of(key))).findFirst();
    }

    /** The lock whose workers' events say {@code lock: kind}: how the explainer names a lock it reads in a recording. */
    public static Optional<Mode.Lock> lockOfKind(String kind) {
        return ALL.stream().map(Mode::lock).filter(l -> l.kind().equals(kind)).findFirst();
    }

    public static String names() {
        return all().stream().map(Mode::cliName).collect(Collectors.joining(", "));
    }

    /** A shipped mode, for the constants of {@link Mode}; fails the class's loading, naming it, if it is not declared. */
    static Mode named(String name) {
        return byName(name)
                .orElseThrow(() -> new IllegalStateException("mode " + name + " is not declared in "
                        + "META-INF/services/" + Mode.class.getName() + " (found: " + names() + ")"));
    }
}

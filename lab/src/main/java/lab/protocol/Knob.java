package lab.protocol;

import java.util.Collections;
import java.util.List;
import java.util.function.Function;
import java.util.function.Predicate;

/**
 * One knob of the lab, declared once (a shared one in {@link Knobs}, a mode's own in its mode's package): its name, where it may be set, its type, default, bounds
 * and help. The command line, {@code PUT /mode}, a scenario's setup and mode steps, the summary and the dashboard
 * all read this declaration, and a bad value is refused everywhere with its {@link #expected()} words.
 *
 * @param <T> its type: an enum, a duration, a number, on/off — never a free string
 */
public final class Knob<T> {
    /** Reads a value; throws with a message that says in full why the text is not one (or with none). */
    @FunctionalInterface
    public interface Parser<T> {
        T parse(String text);
    }

    private final String name;
    private final Scope scope;
    private final String label;
    private final String help;
    private final T defaultValue;
    private final String expected;
    private final Parser<T> parser;
    private final Predicate<T> allowed;
    private final Function<T, String> formatter;
    private final boolean everyMode;
    private final List<T> steps;

    /** A knob set up once, before the lab runs: it concerns no mode's guard and no key cycles through it. */
    Knob(
            String name,
            Scope scope,
            String label,
            String help,
            T defaultValue,
            String expected,
            Parser<T> parser,
            Predicate<T> allowed,
            Function<T, String> formatter) {
        this(name, scope, label, help, defaultValue, expected, parser, allowed, formatter, false, List.of());
    }

    Knob(
            String name,
            Scope scope,
            String label,
            String help,
            T defaultValue,
            String expected,
            Parser<T> parser,
            Predicate<T> allowed,
            Function<T, String> formatter,
            boolean everyMode,
            List<T> steps) {
        this.name = name;
        this.scope = scope;
        this.label = label;
        this.help = help;
        this.defaultValue = defaultValue;
        this.expected = expected;
        this.parser = parser;
        this.allowed = allowed;
        this.formatter = formatter;
        this.everyMode = everyMode;
        // A view, not a copy: the mode knob's steps are the registry's, which a mode loaded at run time joins.
        this.steps = Collections.unmodifiableList(steps);
    }

    /**
     * A live on/off knob (its key cycles from its default to the other value), read by every mode or by those that
     * name it: the same ten arguments for each, written once.
     */
    static Knob<Boolean> onOff(String name, String help, boolean defaultValue, boolean everyMode) {
        return new Knob<>(
                name,
                Scope.LIVE,
                "on|off",
                help,
                defaultValue,
                "on or off",
                KnobTexts::onOff,
                b -> true,
                KnobTexts::onOffText,
                everyMode,
                List.of(defaultValue, !defaultValue));
    }

    /** An on/off knob of one mode's own, declared in its package and named by its {@link Mode#ownKnobs()}. */
    public static Knob<Boolean> onOff(String name, String help, boolean defaultValue) {
        return onOff(name, help, defaultValue, false);
    }

    /** A knob of one mode's own whose value is one of an enum's, each a step its key cycles through. */
    public static <E extends Enum<E>> Knob<E> choice(
            String name, String label, String help, E defaultValue, E[] values) {
        return new Knob<>(
                name,
                Scope.LIVE,
                label,
                help,
                defaultValue,
                KnobTexts.choices(values),
                t -> KnobTexts.choose(values, t),
                v -> true,
                Object::toString,
                false,
                List.of(values));
    }

    /**
     * A live knob of one mode's own, of any type: declared in the mode's package and named by its {@link Mode#ownKnobs()},
     * so that adding it takes no line in {@link Knobs}.
     */
    public static <T> Knob<T> ofMode(
            String name,
            String label,
            String help,
            T defaultValue,
            String expected,
            Parser<T> parser,
            Predicate<T> allowed,
            Function<T, String> formatter,
            List<T> steps) {
        return new Knob<>(
                name, Scope.LIVE, label, help, defaultValue, expected, parser, allowed, formatter, false, steps);
    }

    /**
     * The values a key cycles through on the dashboard, in order (empty for a knob that is not live): every value
     * of a choice, and for a duration the few a lesson uses.
     */
    public List<T> steps() {
        return steps;
    }

    /** The step after {@code current}, wrapping around; the first step when {@code current} is not one of them. */
    public T next(T current) {
        if (steps.isEmpty()) {
            throw new IllegalStateException(name + " has no steps to cycle through");
        }
        int i = steps.indexOf(current);
        return steps.get((i + 1) % steps.size());
    }

    public String name() {
        return name;
    }

    /** {@code --task-time}. */
    public String option() {
        return "--" + name;
    }

    public Scope scope() {
        return scope;
    }

    /** What the command line's help shows for its value: DURATION, N, MODE. */
    public String label() {
        return label;
    }

    public String help() {
        return help;
    }

    public T defaultValue() {
        return defaultValue;
    }

    /** What a good value looks like: "a duration above 0, such as 500ms or 2s". */
    public String expected() {
        return expected;
    }

    /**
     * Whether the guard of {@code mode} reads it: the summary names it beside that mode. A knob every guard reads says
     * so here; any other is named by the modes that read it, in their own declarations ({@link Mode#concerns}).
     */
    public boolean concerns(Mode mode) {
        return everyMode || mode.concerns().contains(this) || mode.ownKnobs().contains(this);
    }

    /** The value of {@code text}; throws naming this knob, the text and what was expected. */
    public T parse(String text) {
        String t = text == null ? "" : text.strip();
        T value;
        try {
            value = parser.parse(t);
        } catch (IllegalArgumentException notAValue) {
            throw new BadFieldException(name, t, expected, notAValue.getMessage());
        }
        check(value);
        return value;
    }

    /** Throws, as {@link #parse} does, when {@code value} is out of this knob's bounds. */
    public T check(T value) {
        if (value == null || !allowed.test(value)) {
            throw new BadFieldException(name, value == null ? null : formatter.apply(value), expected, null);
        }
        return value;
    }

    /** The value as every surface writes it: {@code 300ms}, {@code safe}, {@code on}. */
    public String format(T value) {
        return formatter.apply(value);
    }

    /** {@code spec} with this knob at the value {@code text} names; live knobs only. */
    public ModeSpec set(ModeSpec spec, String text) {
        return spec.with(this, parse(text));
    }

    @Override
    public String toString() {
        return name;
    }
}

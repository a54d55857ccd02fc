package lab.scenario;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.random.RandomGenerator;
import java.util.stream.Stream;
import lab.property.Junk;
import lab.property.Property;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Whatever a learner or a tool makes of a scenario file, the parser answers with a scenario or with one printable
 * line that says where: {@code file:line:col: ...}, naming the field when a field is wrong. Never another
 * exception, never a hang. Mutations start from the shipped lessons, so that most of the file still makes sense
 * and the parser is tested past its first line.
 */
class ScenarioParserPropertyTest {
    static final String NAME = "mutant.yaml";
    /** Beside the shipped lessons, so that a {@code lesson:} line is checked against the real docs/ folder. */
    static final Path SOURCE = ShippedScenariosTest.SCENARIOS.resolve(NAME);

    private static List<String> shipped;

    @BeforeAll
    static void readTheLessons() throws IOException {
        List<String> texts = new ArrayList<>();
        try (Stream<Path> files = Files.list(ShippedScenariosTest.SCENARIOS)) {
            for (Path p : files.sorted().toList()) {
                texts.add(Files.readString(p));
            }
        }
        shipped = texts;
    }

    /** A shipped lesson after a few mutations, and which: the failure message shows both. */
    record Mutant(String origin, List<String> mutations, String text) {
        @Override
        public String toString() {
            return "mutations " + mutations + " of a lesson beginning '" + origin + "':\n" + text;
        }
    }

    @Test
    void mutated_lessons_parse_or_are_refused_in_one_printable_line_that_says_where() {
        AtomicInteger parsed = new AtomicInteger();
        AtomicInteger refused = new AtomicInteger();
        int tries = Property.of("a mutated lesson", ScenarioParserPropertyTest::mutant)
                .tries(800)
                .within(Duration.ofSeconds(10))
                .check(m -> {
                    try {
                        ScenarioParser.parse(NAME, m.text(), SOURCE);
                        parsed.incrementAndGet();
                    } catch (ScenarioException e) {
                        refused.incrementAndGet();
                        assertOneLineThatSaysWhere(e, m.text());
                    }
                });
        // Both outcomes must be common, or the mutations are too gentle or too brutal to test anything.
        assertThat(parsed.get()).as("parsed of %d", tries).isGreaterThan(tries / 50);
        assertThat(refused.get()).as("refused of %d", tries).isGreaterThan(tries / 5);
    }

    /** One field of a good scenario, the line it sits on, and the name a message must give it. */
    record Field(String name, int line) {}

    /** A scenario with each field on a line of its own; every one of them is good as written. */
    static final String GOOD = String.join(
            "\n",
            "title: A lesson", // 1
            "setup:", // 2
            "  workers: 2", // 3
            "  mode: redis", // 4
            "  every: 1s", // 5
            "  task-time: 200ms", // 6
            "  lock-ttl: 2s", // 7
            "steps:", // 8
            "  - wait: 2s", // 9
            "  - mode:", // 10
            "      mode: postgres", // 11
            "      pg-lock: try", // 12
            "  - mark: before", // 13
            "  - expect:", // 14
            "      since: mark:before", // 15
            "      ticks: \">= 1\"", // 16
            "      duplicate_ticks: 0", // 17
            "");

    static final List<Field> FIELDS = List.of(
            new Field("setup.workers", 3),
            new Field("setup.mode", 4),
            new Field("setup.every", 5),
            new Field("setup.task-time", 6),
            new Field("setup.lock-ttl", 7),
            new Field("wait", 9),
            new Field("mode.mode", 11),
            new Field("mode.pg-lock", 12),
            new Field("mark", 13),
            new Field("expect.since", 15),
            new Field("expect.ticks", 16),
            new Field("expect.duplicate_ticks", 17));

    record WrongValue(Field field, String value, String text) {
        @Override
        public String toString() {
            return field.name() + " (line " + field.line() + ") given " + value;
        }
    }

    @Test
    void a_field_given_a_value_of_the_wrong_kind_is_refused_at_its_own_line_naming_the_field() throws Exception {
        assertThat(ScenarioParser.parse(NAME, GOOD, SOURCE).steps())
                .as("the good scenario")
                .hasSize(4);
        Property.of("a field with a wrong value", ScenarioParserPropertyTest::wrongValue)
                .tries(600)
                .check(w -> {
                    try {
                        ScenarioParser.parse(NAME, w.text(), SOURCE);
                        fail("parsed, though " + w + ":\n" + w.text());
                    } catch (ScenarioException e) {
                        assertOneLineThatSaysWhere(e, w.text());
                        assertThat(e.line())
                                .as(e.getMessage())
                                .isEqualTo(w.field().line());
                        assertThat(e.problem())
                                .as(e.getMessage())
                                .startsWith(w.field().name() + ": ");
                    }
                });
    }

    /**
     * One line, printable, starting with the file's name; with a place ({@code file:line:col: }) inside the text
     * unless the YAML reader itself could not say where.
     */
    static void assertOneLineThatSaysWhere(ScenarioException e, String text) {
        String m = e.getMessage();
        assertThat(m).doesNotContain("\n", "\r", "\u2028", "\u2029", "\u0085");
        assertThat(m.codePoints().filter(c -> Character.isISOControl(c)).count())
                .as("control characters in %s", m)
                .isZero();
        assertThat(m).startsWith(NAME + ":");
        if (e.line() > 0) {
            assertThat(m).startsWith(NAME + ":" + e.line() + ":" + e.column() + ": ");
            assertThat(e.line()).as(m).isLessThanOrEqualTo((int) text.lines().count() + 1);
            assertThat(e.column()).as(m).isPositive();
        } else {
            assertThat(e.problem()).as("a refusal with no place").startsWith("not valid YAML: ");
        }
        assertThat(e.problem()).as(m).isNotBlank();
    }

    static Mutant mutant(RandomGenerator r) {
        String origin = Junk.pick(r, shipped);
        List<String> lines = new ArrayList<>(List.of(origin.split("\n", -1)));
        List<String> done = new ArrayList<>();
        int rounds = 1 + r.nextInt(3);
        for (int i = 0; i < rounds; i++) {
            done.add(mutate(lines, r));
        }
        return new Mutant(origin.lines().findFirst().orElse(""), done, String.join("\n", lines));
    }

    /** Changes {@code lines} in place, and says how. */
    private static String mutate(List<String> lines, RandomGenerator r) {
        int i = r.nextInt(lines.size());
        int j = r.nextInt(lines.size());
        switch (r.nextInt(10)) {
            case 0 -> {
                lines.remove(i);
                if (lines.isEmpty()) {
                    lines.add("");
                }
                return "deleted line " + (i + 1);
            }
            case 1 -> {
                lines.add(j, lines.get(i));
                return "line " + (i + 1) + " copied before " + (j + 1);
            }
            case 2 -> {
                String t = lines.get(i);
                lines.set(i, lines.get(j));
                lines.set(j, t);
                return "lines " + (i + 1) + " and " + (j + 1) + " swapped";
            }
            case 3 -> {
                int a = valueAt(lines.get(i));
                int b = valueAt(lines.get(j));
                if (a < 0 || b < 0) {
                    return "no values to swap on lines " + (i + 1) + ", " + (j + 1);
                }
                String va = lines.get(i).substring(a);
                String vb = lines.get(j).substring(b);
                lines.set(i, lines.get(i).substring(0, a) + vb);
                lines.set(j, lines.get(j).substring(0, b) + va);
                return "values of lines " + (i + 1) + " and " + (j + 1) + " swapped";
            }
            case 4 -> {
                String line = lines.get(i);
                int at = r.nextInt(line.length() + 1);
                lines.set(i, line.substring(0, at) + Junk.text(r, 12) + line.substring(at));
                return "junk in line " + (i + 1);
            }
            case 5 -> {
                String n = Junk.hugeNumber(r);
                lines.set(i, lines.get(i).replaceFirst("\\d+", n));
                return "a huge number in line " + (i + 1);
            }
            case 6 -> {
                int depth = Junk.pick(r, List.of(5, 50, 500, 5_000, 50_000));
                boolean flowMap = r.nextBoolean();
                String nested = flowMap
                        ? "{a: ".repeat(depth) + "1" + "}".repeat(depth)
                        : "[".repeat(depth) + "1" + "]".repeat(depth);
                return replaceValue(lines, i, nested, "nested " + depth + " deep");
            }
            case 7 -> {
                String wrong = Junk.pick(
                        r,
                        List.of(
                                "[1, 2]",
                                "{x: 1}",
                                "~",
                                "null",
                                "true",
                                "\"\"",
                                "''",
                                "&a [*a]",
                                "*nowhere",
                                "!!binary AAAA",
                                "!!timestamp 2001-12-14",
                                "!!int 12",
                                "!unknown x",
                                "|\n  block",
                                "- item",
                                "{en: 1, zh: [2]}",
                                "? complex\n: key"));
                return replaceValue(lines, i, wrong, "a value of the wrong kind");
            }
            case 8 -> {
                String line = lines.get(i);
                lines.set(i, r.nextBoolean() ? " ".repeat(1 + r.nextInt(4)) + line : line.stripLeading());
                return "indent of line " + (i + 1) + " changed";
            }
            default -> {
                int keep = r.nextInt(lines.size() + 1);
                lines.subList(keep, lines.size()).clear();
                if (lines.isEmpty()) {
                    lines.add("");
                }
                return "cut after line " + keep;
            }
        }
    }

    private static String replaceValue(List<String> lines, int i, String value, String what) {
        int at = valueAt(lines.get(i));
        if (at < 0) {
            lines.add(i, "  - wait: " + value);
            return what + " as a new step before line " + (i + 1);
        }
        lines.set(i, lines.get(i).substring(0, at) + value);
        return what + " as the value of line " + (i + 1);
    }

    /** Where the value of a {@code key: value} line begins, or -1. */
    private static int valueAt(String line) {
        int colon = line.indexOf(": ");
        return colon < 0 || colon + 2 >= line.length() ? -1 : colon + 2;
    }

    static WrongValue wrongValue(RandomGenerator r) {
        Field f = Junk.pick(r, FIELDS);
        int depth = 1 + r.nextInt(30);
        String value =
                switch (r.nextInt(7)) {
                    case 0 -> "[1, 2]";
                    case 1 -> "{a: 1}";
                    case 2 -> "[".repeat(depth) + "x" + "]".repeat(depth);
                    case 3 -> "~";
                    case 4 -> "\"\"";
                        // No field's value begins with an inverted question mark: whatever follows, it is wrong.
                    default -> quoted("¿" + Junk.printable(r, 40));
                };
        List<String> lines = new ArrayList<>(List.of(GOOD.split("\n", -1)));
        String line = lines.get(f.line() - 1);
        lines.set(f.line() - 1, line.substring(0, line.indexOf(": ") + 2) + value);
        return new WrongValue(f, value, String.join("\n", lines));
    }

    /** A YAML double-quoted scalar of exactly {@code text}: every character outside printable ASCII escaped. */
    static String quoted(String text) {
        StringBuilder b = new StringBuilder("\"");
        text.codePoints().forEach(c -> {
            if (c == '"' || c == '\\') {
                b.append('\\').appendCodePoint(c);
            } else if (c >= 0x20 && c < 0x7F) {
                b.appendCodePoint(c);
            } else if (c <= 0xFFFF) {
                b.append(String.format("\\u%04X", c));
            } else {
                b.append(String.format("\\U%08X", c));
            }
        });
        return b.append('"').toString();
    }
}

package lab.launcher;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.random.RandomGenerator;
import java.util.stream.Stream;
import lab.cli.Main;
import lab.property.Junk;
import lab.property.Property;
import lab.protocol.BadFieldException;
import lab.protocol.Knob;
import lab.protocol.Knobs;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Random command lines made of the lab's real options, good values and junk, each with at least one thing wrong:
 * exit 2, one line on stderr that starts {@code error: }, nothing on stdout, nothing started, nothing recorded.
 * Every vector holds something wrong on purpose: a good one would start a lab (workers, servers), which is not
 * what this property is about, and would cost seconds a try.
 */
class BadCommandLinePropertyTest {
    @TempDir
    Path dir;

    /** A command line, and what was put in it to make it wrong. */
    record Vector(List<String> args, String wrong) {
        @Override
        public String toString() {
            return wrong + " in "
                    + String.join(" ", args.stream().map(a -> "[" + a + "]").toList());
        }
    }

    /** The run options with a value, and values they take: what the knobs' registry does not declare. */
    static final List<List<String>> GOOD_RUN_OPTIONS = List.of(
            List.of("--duration", "5s"),
            List.of("--lang", "en"),
            List.of("--lang", "zh"),
            List.of("--switch", "1s=redis"),
            List.of("--skew", "w1=+1s"),
            List.of("--redis-url", "redis://127.0.0.1:1"),
            List.of("--pg-url", "jdbc:postgresql://127.0.0.1:1/x"),
            List.of("--no-color"),
            List.of("--fail-fast"),
            List.of("--scenario", "../scenarios/01-naive.yaml"));

    /** Every name the command line knows: junk must not be one of them by chance (nor {@code bench}, a command). */
    static Set<String> names() {
        Set<String> names = new java.util.HashSet<>(Set.of(
                "-h",
                "--help",
                "-V",
                "--version",
                "bench",
                "worker",
                "--attach",
                "--token-file",
                "--headless",
                "--runs-dir",
                "--summary-json",
                "--speed",
                "--list-scenarios",
                "--"));
        GOOD_RUN_OPTIONS.forEach(o -> names.add(o.get(0)));
        Knobs.ALL.forEach(k -> names.add(k.option()));
        return names;
    }

    @Test
    void a_command_line_with_anything_wrong_exits_2_with_one_error_line_and_starts_nothing() {
        Path runs = dir.resolve("runs");
        Path summary = dir.resolve("summary.json");
        Set<Long> before = Children.alive();
        Property.of("a bad command line", r -> vector(r, summary))
                .tries(500)
                .within(Duration.ofSeconds(20))
                .check(v -> {
                    Files.createDirectories(runs);
                    List<String> argv = new ArrayList<>(v.args());
                    argv.addAll(List.of("--headless", "--runs-dir", runs.toString()));
                    ByteArrayOutputStream out = new ByteArrayOutputStream();
                    ByteArrayOutputStream err = new ByteArrayOutputStream();

                    int code = Main.run(
                            argv.toArray(String[]::new),
                            new PrintStream(out, true, StandardCharsets.UTF_8),
                            new PrintStream(err, true, StandardCharsets.UTF_8));

                    String stderr = err.toString(StandardCharsets.UTF_8);
                    assertThat(code).as("exit code; stderr: %s", stderr).isEqualTo(2);
                    assertThat(stderr).as("stderr").startsWith("error: ").endsWith(System.lineSeparator());
                    assertThat(stderr.substring(
                                    0, stderr.length() - System.lineSeparator().length()))
                            .as("stderr, one line")
                            .doesNotContain("\n", "\r", "\u2028", "\u2029", "\u0085");
                    assertThat(out.toString(StandardCharsets.UTF_8))
                            .as("stdout")
                            .isEmpty();
                    assertThat(Children.alive()).as("children left behind").isSubsetOf(before);
                    assertThat(isEmpty(runs)).as("runs dir empty").isTrue();
                    assertThat(summary).as("no summary written").doesNotExist();
                });
    }

    private static boolean isEmpty(Path d) throws IOException {
        try (Stream<Path> s = Files.list(d)) {
            return s.findAny().isEmpty();
        }
    }

    static Vector vector(RandomGenerator r, Path summary) {
        List<List<String>> pairs = new ArrayList<>();
        int good = r.nextInt(6);
        for (int i = 0; i < good; i++) {
            pairs.add(goodPair(r, summary));
        }
        List<String> wrongs = new ArrayList<>();
        int bad = 1 + (r.nextInt(4) == 0 ? r.nextInt(3) : 0);
        boolean valueMissing = false;
        for (int i = 0; i < bad; i++) {
            int kind = r.nextInt(7);
            if (kind == 6) {
                // An option with no value can only come last: a value after it would be taken as its value.
                valueMissing = true;
                continue;
            }
            List<String> p = badPair(r, kind);
            wrongs.add(p.get(p.size() - 1).isEmpty() ? p.get(0) + " ''" : String.join(" ", p));
            pairs.add(r.nextInt(pairs.size() + 1), p);
        }
        List<String> args = new ArrayList<>();
        for (List<String> p : pairs) {
            // Both spellings picocli takes: --mode redis and --mode=redis.
            if (p.size() == 2 && p.get(0).startsWith("--") && r.nextInt(4) == 0) {
                args.add(p.get(0) + "=" + p.get(1));
            } else {
                args.addAll(p);
            }
        }
        if (valueMissing || wrongs.isEmpty()) {
            Knob<?> k = Junk.pick(r, Knobs.ALL);
            args.add(k.option());
            wrongs.add(k.option() + " with no value");
        }
        return new Vector(args, String.join(", ", wrongs));
    }

    private static List<String> goodPair(RandomGenerator r, Path summary) {
        int pick = r.nextInt(Knobs.ALL.size() + GOOD_RUN_OPTIONS.size() + 1);
        if (pick < Knobs.ALL.size()) {
            return List.of(Knobs.ALL.get(pick).option(), goodValue(r, Knobs.ALL.get(pick)));
        }
        if (pick < Knobs.ALL.size() + GOOD_RUN_OPTIONS.size()) {
            return GOOD_RUN_OPTIONS.get(pick - Knobs.ALL.size());
        }
        return List.of("--summary-json", summary.toString());
    }

    private static <T> String goodValue(RandomGenerator r, Knob<T> k) {
        return k.format(k.steps().isEmpty() ? k.defaultValue() : Junk.pick(r, k.steps()));
    }

    /** Something wrong, of kind {@code kind} (0-5), as the arguments that say it. */
    private static List<String> badPair(RandomGenerator r, int kind) {
        return switch (kind) {
            case 0 -> List.of("--" + junkName(r));
            case 1, 2 -> {
                Knob<?> k = Junk.pick(r, Knobs.ALL);
                yield List.of(k.option(), badValue(r, k));
            }
            case 3 -> List.of(junkToken(r));
            case 4 -> {
                Knob<?> k = Junk.pick(r, Knobs.ALL);
                String v = goodValue(r, k);
                yield List.of(k.option(), v, k.option(), v); // given twice
            }
            default -> badRunOption(r);
        };
    }

    private static List<String> badRunOption(RandomGenerator r) {
        String junk = "¿" + Junk.text(r, 10);
        return switch (r.nextInt(8)) {
            case 0 -> List.of("--duration", Junk.pick(r, List.of(junk, "0", "-1s", "99999999999999999999h", "1e9s")));
            case 1 -> List.of("--lang", junk);
            case 2 -> List.of("--switch", Junk.pick(r, List.of(junk, "1s=" + junk, junk + "=redis", "=")));
            case 3 -> List.of("--redis-url", Junk.pick(r, List.of(junk, "redis://" + junk, "redis://:pw@" + junk)));
            case 4 -> List.of("--pg-url", Junk.pick(r, List.of(junk, "postgres://" + junk)));
            case 5 -> List.of("--speed", Junk.pick(r, List.of(junk, "NaN", "-1", "0", "Infinity", "1e400")));
            case 6 -> List.of("--skew", Junk.pick(r, List.of(junk, "w1=" + junk, junk + "=+3s", "w99=+3s", "w1=+25h")));
            default -> List.of(
                    "--scenario",
                    Junk.pick(
                            r,
                            List.of(
                                    "src/test/resources/scenarios/broken/invalid-yaml.yaml",
                                    "src/test/resources/scenarios/broken/bad-duration.yaml",
                                    "src/test/resources/scenarios/broken/empty-file.yaml",
                                    "no/such/" + junk.replace('/', '_') + ".yaml",
                                    "src")));
        };
    }

    /** Letters and junk that name no option. */
    private static String junkName(RandomGenerator r) {
        Set<String> names = names();
        while (true) {
            String name = (char) ('a' + r.nextInt(26)) + Junk.text(r, 12);
            String option = "--" + name.split("=", 2)[0];
            if (!names.contains(option)) {
                return name;
            }
        }
    }

    /** A stray argument: not an option, not the bench command, not an @file picocli would read. */
    private static String junkToken(RandomGenerator r) {
        String t;
        do {
            t = Junk.text(r, 16);
        } while (t.isEmpty() || t.startsWith("-") || t.startsWith("@") || names().contains(t.strip()));
        return t;
    }

    /** A value {@code k} refuses, as its own parser says: junk, a good value mangled, a huge number. */
    private static String badValue(RandomGenerator r, Knob<?> k) {
        for (int i = 0; i < 100; i++) {
            String v =
                    switch (r.nextInt(5)) {
                        case 0 -> Junk.text(r, 20);
                        case 1 -> goodValue(r, k) + Junk.text(r, 3);
                        case 2 -> Junk.text(r, 2) + goodValue(r, k);
                        case 3 -> Junk.hugeNumber(r);
                        default -> "";
                    };
            if (v.startsWith("-") || v.startsWith("@")) {
                continue; // picocli would read it as an option or a file name, not as this knob's value
            }
            try {
                k.parse(v);
            } catch (BadFieldException refused) {
                return v;
            }
        }
        return "¿";
    }
}

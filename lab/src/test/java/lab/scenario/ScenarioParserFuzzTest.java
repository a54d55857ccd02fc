package lab.scenario;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Random and mutated files never get anything out of the parser but a {@link ScenarioException} with a one-line
 * message: no stack trace reaches a learner who mistyped a file. Seeded, so that a failure replays exactly.
 */
class ScenarioParserFuzzTest {
    static final long SEED = 20_260_910L;
    static final int CASES = 4_000;
    static final String YAML_NOISE = ":{}[]-,&*!|>'\"#%@?` \t\n\\~";

    @TempDir
    Path dir;

    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void mutated_and_random_files_give_a_scenario_or_a_one_line_scenario_exception() throws IOException {
        List<byte[]> corpus = corpus();
        // The same cases every run unless -Dlab.seed says otherwise, as a failure's replay line does.
        long seed = Long.getLong(lab.property.Property.SEED, SEED);
        Random random = new Random(seed);
        Path file = dir.resolve("fuzz.yaml");
        int parsed = 0;
        int refused = 0;
        for (int i = 0; i < CASES; i++) {
            byte[] bytes =
                    i % 10 == 9 ? randomBytes(random) : mutate(corpus.get(random.nextInt(corpus.size())), random);
            Files.write(file, bytes);
            try {
                ScenarioParser.parse(file);
                parsed++;
            } catch (ScenarioException e) {
                refused++;
                assertThat(e.getMessage())
                        .as("case %d", i)
                        .startsWith(file.toString())
                        .doesNotContain("\n", "\r");
            } catch (Throwable t) {
                throw new AssertionError(
                        "case " + i + " (seed " + seed + ") threw " + t + " on:\n"
                                + new String(bytes, StandardCharsets.UTF_8) + "\nhex: "
                                + HexFormat.of().formatHex(bytes) + "\nreplay: "
                                + lab.property.Property.replay(seed),
                        t);
            }
        }
        // Both outcomes must be common, or the mutations are too gentle or too brutal to test anything.
        assertThat(parsed).isGreaterThan(CASES / 50);
        assertThat(refused).isGreaterThan(CASES / 2);
    }

    private static List<byte[]> corpus() throws IOException {
        List<byte[]> all = new ArrayList<>();
        for (Path d :
                List.of(ShippedScenariosTest.SCENARIOS, BrokenScenariosTest.BROKEN, ShippedScenariosTest.INVERTED)) {
            try (Stream<Path> files = Files.list(d)) {
                for (Path p : files.sorted().toList()) {
                    all.add(Files.readAllBytes(p));
                }
            }
        }
        return all;
    }

    private static byte[] mutate(byte[] original, Random random) {
        byte[] b = original;
        int rounds = 1 + random.nextInt(4);
        for (int r = 0; r < rounds; r++) {
            b = switch (random.nextInt(9)) {
                case 0 -> deleteChars(b, random);
                case 1 -> duplicateChars(b, random);
                case 2 -> swapChars(b, random);
                case 3 -> lines(b, random, 0);
                case 4 -> lines(b, random, 1);
                case 5 -> lines(b, random, 2);
                case 6 -> insert(b, random, new byte[] {(byte) random.nextInt(256)});
                case 7 -> insert(b, random, new byte[] {(byte) YAML_NOISE.charAt(random.nextInt(YAML_NOISE.length()))});
                default -> truncate(b, random);
            };
        }
        return b;
    }

    private static byte[] deleteChars(byte[] b, Random random) {
        if (b.length == 0) {
            return b;
        }
        int at = random.nextInt(b.length);
        int n = Math.min(b.length - at, 1 + random.nextInt(4));
        byte[] out = new byte[b.length - n];
        System.arraycopy(b, 0, out, 0, at);
        System.arraycopy(b, at + n, out, at, b.length - at - n);
        return out;
    }

    private static byte[] duplicateChars(byte[] b, Random random) {
        if (b.length == 0) {
            return b;
        }
        int at = random.nextInt(b.length);
        int n = Math.min(b.length - at, 1 + random.nextInt(8));
        byte[] copy = new byte[n];
        System.arraycopy(b, at, copy, 0, n);
        return insert(b, at, copy);
    }

    private static byte[] swapChars(byte[] b, Random random) {
        if (b.length < 2) {
            return b;
        }
        byte[] out = b.clone();
        int i = random.nextInt(b.length);
        int j = random.nextInt(b.length);
        byte t = out[i];
        out[i] = out[j];
        out[j] = t;
        return out;
    }

    /** 0: delete a line, 1: duplicate a line, 2: swap two lines. */
    private static byte[] lines(byte[] b, Random random, int how) {
        List<String> lines = new ArrayList<>(List.of(new String(b, StandardCharsets.ISO_8859_1).split("\n", -1)));
        int i = random.nextInt(lines.size());
        int j = random.nextInt(lines.size());
        switch (how) {
            case 0 -> lines.remove(i);
            case 1 -> lines.add(j, lines.get(i));
            default -> {
                String t = lines.get(i);
                lines.set(i, lines.get(j));
                lines.set(j, t);
            }
        }
        return String.join("\n", lines).getBytes(StandardCharsets.ISO_8859_1);
    }

    private static byte[] insert(byte[] b, Random random, byte[] what) {
        return insert(b, random.nextInt(b.length + 1), what);
    }

    private static byte[] insert(byte[] b, int at, byte[] what) {
        byte[] out = new byte[b.length + what.length];
        System.arraycopy(b, 0, out, 0, at);
        System.arraycopy(what, 0, out, at, what.length);
        System.arraycopy(b, at, out, at + what.length, b.length - at);
        return out;
    }

    private static byte[] truncate(byte[] b, Random random) {
        byte[] out = new byte[random.nextInt(b.length + 1)];
        System.arraycopy(b, 0, out, 0, out.length);
        return out;
    }

    private static byte[] randomBytes(Random random) {
        byte[] out = new byte[random.nextInt(300)];
        if (random.nextBoolean()) {
            random.nextBytes(out);
        } else {
            for (int i = 0; i < out.length; i++) {
                out[i] = (byte) YAML_NOISE.charAt(random.nextInt(YAML_NOISE.length()));
            }
        }
        return out;
    }
}

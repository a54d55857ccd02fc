package lab.property;

import java.time.Duration;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Function;
import java.util.random.RandomGenerator;
import java.util.random.RandomGeneratorFactory;

/**
 * A property checked over many generated inputs, with JUnit's own assertions: each try draws its input from a
 * generator seeded on its own, so that a failure names the one seed that replays it ({@code -Dlab.seed=<seed>}
 * makes that seed the first try) and prints the command that reruns its test with it. Every run draws new seeds unless one is given: the point is to meet inputs
 * nobody wrote down. Each try runs under a time limit, so that a hang is a failure naming its seed, not a stuck
 * build. No shrinking: the failure prints the input itself, escaped to one line.
 *
 * <p>Not jqwik: from 1.10 on, jqwik's maintainer asks that it not be used with AI coding agents, and this lab's
 * tests are partly written by them; JUnit and a seeded generator are enough for what is checked here.
 */
public final class Property<T> {
    /** {@code -Dlab.seed=N}: the first try's seed, to replay a failure. */
    public static final String SEED = "lab.seed";

    private final String name;
    private final Function<RandomGenerator, T> generator;
    private int tries = 300;
    private Duration limit = Duration.ofSeconds(10);

    private Property(String name, Function<RandomGenerator, T> generator) {
        this.name = name;
        this.generator = generator;
    }

    /** A property named for its failure message, over inputs that {@code generator} draws. */
    public static <T> Property<T> of(String name, Function<RandomGenerator, T> generator) {
        return new Property<>(name, generator);
    }

    public Property<T> tries(int n) {
        this.tries = n;
        return this;
    }

    /** How long one try may take before it counts as a hang. */
    public Property<T> within(Duration perTry) {
        this.limit = perTry;
        return this;
    }

    /** What must hold for every input; throwing (an assertion, or anything else) falsifies it. */
    @FunctionalInterface
    public interface Check<T> {
        void check(T input) throws Exception;
    }

    /** Runs every try; returns how many ran, so a caller can say so. */
    public int check(Check<T> check) {
        String test = callingTest();
        String given = System.getProperty(SEED);
        long first = given == null ? System.nanoTime() ^ Double.doubleToLongBits(Math.random()) : Long.parseLong(given);
        ExecutorService thread = Executors.newSingleThreadExecutor(r -> {
            Thread t = new Thread(r, "property " + name);
            t.setDaemon(true); // a hung try must not keep the test JVM alive
            return t;
        });
        try {
            for (int i = 0; i < tries; i++) {
                long seed = first + i;
                T input = generator.apply(random(seed));
                Future<?> run = thread.submit(() -> {
                    check.check(input);
                    return null;
                });
                try {
                    run.get(limit.toMillis(), TimeUnit.MILLISECONDS);
                } catch (TimeoutException e) {
                    run.cancel(true);
                    throw new AssertionError(
                            failure(test, i, seed, input, "hung: no answer within " + limit.toMillis() + " ms"));
                } catch (ExecutionException e) {
                    Throwable cause = e.getCause();
                    throw new AssertionError(failure(test, i, seed, input, cause.toString()), cause);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new AssertionError(failure(test, i, seed, input, "interrupted"), e);
                }
            }
        } finally {
            thread.shutdownNow();
        }
        return tries;
    }

    /** The same sequence from the same seed, whatever the JVM. */
    public static RandomGenerator random(long seed) {
        return RandomGeneratorFactory.of("L64X128MixRandom").create(seed);
    }

    private String failure(String test, int i, long seed, T input, String what) {
        return name + " failed on try " + (i + 1) + " of " + tries + " (seed " + seed + "): " + what + "\n  input: "
                + oneLine(String.valueOf(input)) + "\n  replay: " + replay(test, seed);
    }

    /**
     * The one line that reruns exactly the test that is running now, with {@code seed}: what a failure prints, so that
     * whoever reads it need not find the test's name or the property's flag.
     */
    public static String replay(long seed) {
        return replay(callingTest(), seed);
    }

    private static String replay(String test, long seed) {
        return "mvn -B test -Dtest=" + (test == null ? "<the test's Class#method>" : test) + " -D" + SEED + "=" + seed;
    }

    /**
     * The test method on this thread's stack, as {@code -Dtest} takes it ({@code Class#method}), or null off a test's
     * thread. Found, not passed in: a test cannot then name another by mistake.
     */
    private static String callingTest() {
        return StackWalker.getInstance(StackWalker.Option.RETAIN_CLASS_REFERENCE)
                .walk(frames -> frames.filter(f -> isTest(f.getDeclaringClass(), f.getMethodName()))
                        .map(f -> f.getDeclaringClass().getSimpleName() + "#" + f.getMethodName())
                        .findFirst())
                .orElse(null);
    }

    private static boolean isTest(Class<?> type, String method) {
        return java.util.Arrays.stream(type.getDeclaredMethods())
                .filter(m -> m.getName().equals(method))
                .flatMap(m -> java.util.Arrays.stream(m.getAnnotations()))
                .map(a -> a.annotationType().getName())
                .anyMatch(TESTS::contains);
    }

    private static final java.util.Set<String> TESTS = java.util.Set.of(
            "org.junit.jupiter.api.Test",
            "org.junit.jupiter.api.RepeatedTest",
            "org.junit.jupiter.api.TestFactory",
            "org.junit.jupiter.api.TestTemplate",
            "org.junit.jupiter.params.ParameterizedTest");

    /** Control characters escaped, so that the input prints as it was, on one line. */
    public static String oneLine(String text) {
        StringBuilder b = new StringBuilder();
        text.codePoints().forEach(c -> {
            if (c == '\n') {
                b.append("\\n");
            } else if (c < 0x20 || c == 0x7f || (c >= 0x80 && c < 0xa0) || c == 0x2028 || c == 0x2029) {
                b.append(String.format("\\u%04x", c));
            } else {
                b.appendCodePoint(c);
            }
        });
        return b.length() > 4_000 ? b.substring(0, 4_000) + "… (" + b.length() + " chars)" : b.toString();
    }
}

package lab.fleet;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import lab.os.FakeTime;
import lab.os.Spawner;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/**
 * A sub-second skew under a comma-decimal locale. libfaketime (0.9.10, Debian 12's) parses {@code FAKETIME} with C's
 * {@code atof}, whose decimal mark is the C locale's: once when it is loaded, before the JVM sets its locale from
 * {@code LANG} and {@code LC_ALL}; and whenever its cache of the variable expires (every 10 s by default,
 * {@code FAKETIME_CACHE_DURATION}) it reads the variable again and parses it only if the string changed. So a worker
 * started by a launcher whose own locale is German, in a German locale, must run exactly +0.500 s ahead at its start
 * and after the cache expired; an offset the launcher wrote with a comma ({@code +0,500s}) would make it 0 s, silently.
 */
class SkewedLocaleTest {
    private static final String GERMAN = "de_DE.UTF-8";
    private static final long SKEW_MS = 500;

    @Test
    void
            a_worker_skewed_by_half_a_second_in_a_german_locale_runs_half_a_second_ahead_before_and_after_the_cache_expires()
                    throws Exception {
        Assumptions.assumeTrue(
                FakeTime.whyNot().isEmpty(), () -> FakeTime.whyNot().orElseThrow());
        Assumptions.assumeTrue(hasGermanLocale(), "the locale " + GERMAN + " is not generated on this machine");
        Map<String, String> skewed;
        Locale before = Locale.getDefault();
        Locale.setDefault(Locale.GERMANY); // as a launcher started in a German locale formats
        try {
            skewed = FakeTime.environment(Duration.ofMillis(SKEW_MS));
        } finally {
            Locale.setDefault(before);
        }
        List<String> cmd = WorkerJvm.command(List.of(), WallClockProbe.class.getName());
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectError(ProcessBuilder.Redirect.INHERIT);
        Map<String, String> env = pb.environment();
        env.keySet().removeIf(k -> k.startsWith("LC_"));
        env.put("LANG", GERMAN);
        env.put("LC_ALL", GERMAN);
        env.putAll(skewed);
        // The cache expires after 1 s instead of 10, so that the re-read comes within the test, not 10 s on.
        env.put("FAKETIME_CACHE_DURATION", "1");
        Process p = Spawner.start(pb);
        try (BufferedReader out =
                        new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8));
                Writer in = new OutputStreamWriter(p.getOutputStream(), StandardCharsets.UTF_8)) {
            assertAhead(in, out, "at its start");
            Thread.sleep(2_500); // the probe's clock is read again after this, whatever the load: 2 cache periods on
            assertAhead(in, out, "after libfaketime's cache of FAKETIME expired (1 s here) and was read again");
        } finally {
            p.destroyForcibly();
            p.waitFor(5, TimeUnit.SECONDS);
        }
    }

    /** The probe's wall clock, read between two readings of ours, is 500 ms ahead of ours (to the millisecond). */
    private static void assertAhead(Writer in, BufferedReader out, String when) throws Exception {
        long asked = System.currentTimeMillis();
        in.write("now\n");
        in.flush();
        long theirs = Long.parseLong(out.readLine().strip());
        long answered = System.currentTimeMillis();
        assertThat(theirs)
                .as(
                        "the skewed worker's wall clock %s, in %s (ours: asked at %d, answered at %d)",
                        when, GERMAN, asked, answered)
                .isBetween(asked + SKEW_MS - 1, answered + SKEW_MS + 1);
    }

    private static boolean hasGermanLocale() throws Exception {
        Process p;
        try {
            p = new ProcessBuilder("locale", "-a").redirectErrorStream(true).start();
        } catch (IOException e) {
            return false;
        }
        String all = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        p.waitFor(5, TimeUnit.SECONDS);
        return all.lines()
                .map(String::strip)
                .anyMatch(l -> l.equalsIgnoreCase("de_DE.utf8") || l.equalsIgnoreCase(GERMAN));
    }
}

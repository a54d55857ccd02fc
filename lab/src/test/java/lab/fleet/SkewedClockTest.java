package lab.fleet;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import lab.os.FakeTime;
import lab.os.Spawner;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/**
 * A JVM started as the lab starts a worker skewed by +3 s ({@link WorkerJvm#FLAGS}, the environment
 * {@link FakeTime} builds, forked by {@link Spawner}): its wall clock, {@code Instant.now()} and Quartz's fire times
 * are 3 s ahead, its monotonic clock is the machine's, and its timed waits wait (a spinning Quartz thread would show
 * as CPU).
 */
class SkewedClockTest {
    private static final long SKEW_MS = 3_000;
    private static final long SLACK_MS = 300;

    @Test
    void a_worker_skewed_by_three_seconds_is_ahead_on_its_wall_clock_only_and_idles_quietly() throws Exception {
        Assumptions.assumeTrue(
                FakeTime.whyNot().isEmpty(), () -> FakeTime.whyNot().orElseThrow());
        List<String> cmd = WorkerJvm.command(List.of(), ClockProbe.class.getName());
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectError(ProcessBuilder.Redirect.INHERIT);
        pb.environment().putAll(FakeTime.environment(Duration.ofMillis(SKEW_MS)));
        Process p = Spawner.start(pb);
        try (BufferedReader out =
                new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
            String[] clocks = out.readLine().split(" ");
            long realNow = System.currentTimeMillis();
            long realNano = System.nanoTime();
            assertThat(clocks[0]).isEqualTo("clocks");
            assertThat(Long.parseLong(clocks[1]) - realNow)
                    .as("System.currentTimeMillis() ahead of the machine's")
                    .isBetween(SKEW_MS - SLACK_MS, SKEW_MS + SLACK_MS);
            assertThat(Long.parseLong(clocks[2]) - realNow)
                    .as("Instant.now() ahead of the machine's")
                    .isBetween(SKEW_MS - SLACK_MS, SKEW_MS + SLACK_MS);
            assertThat(Long.parseLong(clocks[4]) - realNow)
                    .as("Quartz's first fire time of a trigger that starts now, ahead of the machine's clock")
                    .isBetween(SKEW_MS - SLACK_MS, SKEW_MS + SLACK_MS);
            // One monotonic clock for the machine: the child's reads as the parent's, not 3 s on.
            assertThat((realNano - Long.parseLong(clocks[3])) / 1_000_000)
                    .as("System.nanoTime() as the machine's")
                    .isBetween(0L, SLACK_MS);

            String[] waited = out.readLine().split(" ");
            long waitedAtParent = System.nanoTime();
            assertThat(Long.parseLong(waited[1])).as("Object.wait(500) in ms").isBetween(490L, 500 + SLACK_MS);
            long cpuBefore = cpuTicks(p.pid());

            String[] idled = out.readLine().split(" ");
            long idledAtParent = System.nanoTime();
            long cpu = cpuTicks(p.pid()) - cpuBefore;
            long childElapsed = (Long.parseLong(idled[1]) - Long.parseLong(waited[2])) / 1_000_000;
            long parentElapsed = (idledAtParent - waitedAtParent) / 1_000_000;
            assertThat(childElapsed - parentElapsed)
                    .as("2 s idle by the child's nanoTime against the parent's")
                    .isBetween(-SLACK_MS, SLACK_MS);
            assertThat(childElapsed).isBetween(2_000L - SLACK_MS, 2_000L + SLACK_MS);
            // Clock ticks of 10 ms: under 10% of one core over the 2 s, where a spinning thread takes them all.
            assertThat(cpu * 10).as("CPU ms over 2 s idle").isLessThan(200);
        } finally {
            p.destroyForcibly();
            p.waitFor(5, TimeUnit.SECONDS);
        }
    }

    /** utime + stime of {@code pid}, in clock ticks (fields 14 and 15 of /proc/pid/stat, after the command's ')'). */
    private static long cpuTicks(long pid) throws Exception {
        String stat = Files.readString(Path.of("/proc/" + pid + "/stat"));
        String[] f = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
        return Long.parseLong(f[11]) + Long.parseLong(f[12]);
    }
}

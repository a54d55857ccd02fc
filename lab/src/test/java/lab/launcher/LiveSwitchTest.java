package lab.launcher;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import lab.cli.Main;
import lab.protocol.summary.SummaryCodec;
import lab.protocol.summary.SummaryFigures;
import lab.protocol.summary.SummaryFile;
import lab.protocol.summary.SummarySegment;
import lab.servers.TestServers;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A scripted switch from the command line, with the servers the lab starts itself in the background. */
class LiveSwitchTest {
    @TempDir
    Path dir;

    @Test
    void switching_from_naive_to_redis_at_5s_turns_four_rows_per_tick_into_one() throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        Path json = dir.resolve("s.json");

        int code = Main.run(
                new String[] {
                    "--headless",
                    "--workers",
                    "4",
                    "--mode",
                    "naive",
                    "--every",
                    "1s",
                    "--task-time",
                    "200ms",
                    "--duration",
                    "10s",
                    "--switch",
                    "5s=redis",
                    // Decided: redis holds its lock to the tick's end, so a worker late by up to half a period
                    // finds it taken (naive has no lock and ignores the knob).
                    "--hold-at-least",
                    "window",
                    "--summary-json",
                    json.toString(),
                    "--runs-dir",
                    dir.toString()
                },
                new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));

        String printed = out.toString(StandardCharsets.UTF_8);
        assertThat(code).as("stderr: %s", err).isZero();
        assertThat(printed)
                .contains("redis server ready at 127.0.0.1:")
                .contains("switch to redis")
                .contains("acknowledged by 4 workers")
                .contains("lock: redis 'scheduler_lock:tick' held by w");
        SummaryFile s = SummaryCodec.fromJson(Files.readString(json));
        List<SummarySegment> segments = s.segments();
        assertThat(segments).extracting(SummarySegment::mode).containsExactly("naive", "redis");
        // Decided by the recording: every fire a naive worker made wrote its row (a fire a loaded machine delayed past
        // half a period is dropped before it is one), and some tick had all four.
        SummarySegment naive = segments.get(0);
        Map<Instant, Long> fires = TestLabs.firesPerTick(dir, naive.from(), naive.to(), Duration.ofSeconds(1));
        assertThat(naive.figures().rowsPerTick().max()).isEqualTo(4);
        assertThat((long) naive.figures().rows())
                .as("naive rows, for fires per tick %s", fires)
                .isEqualTo(fires.values().stream().mapToLong(Long::longValue).sum());
        assertThat(segments.get(1).figures().rowsPerTick()).isEqualTo(new SummaryFigures.RowsPerTick(1, 1, 1));
        assertThat(segments.get(1).figures().ticks()).isGreaterThanOrEqualTo(3);
        assertThat(s.switches()).isPresent();
        assertThat(s.servers()).anySatisfy(sv -> {
            // The default source, auto: the machine's redis-server where it has one, else Maven Central's.
            assertThat(sv.name()).isEqualTo("redis");
            assertThat(sv.source()).startsWith(TestServers.hasMachineRedis() ? "machine " : "embedded 6.2.11");
            assertThat(sv.startMillis()).isPositive();
        });
    }
}

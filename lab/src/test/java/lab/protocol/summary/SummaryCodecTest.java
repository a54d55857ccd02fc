package lab.protocol.summary;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;

/**
 * {@code summary.json} through its one codec: a summary written and read back is the record it was, a soak's part
 * included; a summary the lab wrote before the codec reads and is written again byte for byte; a field that is not
 * what it should be is refused by its path.
 */
class SummaryCodecTest {
    private static final Instant T0 = Instant.parse("2026-12-07T23:40:43.514259634Z");

    /** Written by the lab before this codec: {@code ./run.sh --headless --workers 2 --every 1s --duration 5s}. */
    private static final Path BEFORE = Path.of("src", "test", "resources", "summaries", "headless-naive.json");

    /**
     * Written by the soak's code before this codec, for a made-up verdict with every part a soak writes: a fault with
     * its misses, a miss within no fault's reach, a slow one, a leftover, a switch and a server's fallback.
     */
    private static final Path SOAK_BEFORE = Path.of("src", "test", "resources", "summaries", "soak-redis.json");

    private static SummaryFigures figures(int ticks, int duplicates, OptionalInt jobRuns) {
        return new SummaryFigures(
                ticks,
                ticks + duplicates,
                duplicates,
                duplicates,
                0,
                duplicates,
                new SummaryFigures.RowsPerTick(1, 1, 2),
                jobRuns,
                jobRuns.isPresent() ? OptionalInt.of(0) : OptionalInt.empty());
    }

    private static SummaryFile summary() {
        List<SummarySegment.Setting> spec =
                List.of(new SummarySegment.Setting("mode", "redis"), new SummarySegment.Setting("lock-ttl", "1m"));
        return new SummaryFile(
                3,
                "naive",
                Duration.ofSeconds(1),
                Duration.ofMillis(300),
                8151,
                figures(9, 4, OptionalInt.of(13)),
                List.of(
                        new SummaryFile.CauseTally("released-early", 1, 0, 0),
                        new SummaryFile.CauseTally("no-lock", 3, 3, 0)),
                List.of(
                        new SummaryFile.ModeFigures("naive", figures(4, 3, OptionalInt.empty())),
                        new SummaryFile.ModeFigures("redis", figures(5, 1, OptionalInt.empty()))),
                List.of(
                        new SummarySegment(
                                "naive", List.of(), T0, T0.plusSeconds(4), figures(4, 3, OptionalInt.empty())),
                        new SummarySegment(
                                "redis",
                                spec,
                                T0.plusSeconds(5),
                                T0.plusSeconds(10),
                                figures(5, 1, OptionalInt.empty()))),
                Optional.of(new SummaryFile.SwitchTimes(40, 90, 1)),
                List.of(
                        new SummaryServer("h2", "127.0.0.1:37713", "ready", 907, "in-process", "H2 TCP server", ""),
                        new SummaryServer(
                                "redis",
                                "127.0.0.1:15527",
                                "ready",
                                461,
                                "embedded 7.2.5",
                                "redis-server 7.2.5",
                                "the machine's redis-server is 5.0, older than 6.2")),
                Optional.empty());
    }

    private static SoakSummary soak() {
        SoakSummary.Miss miss = new SoakSummary.Miss(T0.plusSeconds(11), "dead-holder", "w2 held the lock and died");
        return new SoakSummary(
                42,
                Duration.ofMinutes(10),
                Duration.ofSeconds(2),
                List.of(new SummarySegment.Setting("mode", "redis")),
                false,
                List.of("missed_ticks: a miss within no fault's reach: w2 held the lock and died (dead-holder)"),
                281,
                List.of(),
                List.of(new SoakSummary.Fault(
                        1,
                        "kill",
                        "w2",
                        Duration.ofSeconds(10),
                        T0.plusSeconds(10),
                        T0.plusMillis(10_500),
                        true,
                        List.of("killed w2 (pid 12)", "w2 restarted (pid 15)"),
                        T0.plusMillis(9_800),
                        T0.plusMillis(12_200),
                        12,
                        List.of(new SoakSummary.CauseCount("dead-holder", 1)),
                        List.of(miss))),
                List.of(miss),
                List.of(),
                6,
                List.of("redis-server on port 15527"));
    }

    @Test
    void a_summary_written_and_read_back_is_the_record_it_was() {
        SummaryFile written = summary();

        assertThat(SummaryCodec.fromJson(SummaryCodec.toJson(written))).isEqualTo(written);
    }

    @Test
    void a_soaks_summary_written_and_read_back_keeps_its_verdict_and_its_faults() {
        SummaryFile written = summary().withSoak(soak());

        SummaryFile read = SummaryCodec.fromJson(SummaryCodec.toJson(written));

        assertThat(read).isEqualTo(written);
        assertThat(read.soak()).isPresent();
    }

    @Test
    void a_summary_the_lab_wrote_before_the_codec_reads_and_is_written_again_byte_for_byte() throws IOException {
        String before = Files.readString(BEFORE);

        SummaryFile read = SummaryCodec.fromJson(before);

        assertThat(read.total().jobRuns()).isPresent();
        assertThat(read.byMode()).extracting(SummaryFile.ModeFigures::mode).containsExactly(read.mode());
        assertThat(read.segments()).hasSize(1);
        assertThat(SummaryCodec.toJson(read)).isEqualTo(before);
    }

    @Test
    void a_soaks_summary_the_lab_wrote_before_the_codec_reads_and_is_written_again_byte_for_byte() throws IOException {
        String before = Files.readString(SOAK_BEFORE);

        SummaryFile read = SummaryCodec.fromJson(before);

        assertThat(read.soak()).hasValueSatisfying(soak -> {
            assertThat(soak.held()).isFalse();
            assertThat(soak.faults()).singleElement().satisfies(f -> assertThat(f.missed())
                    .hasSize(f.causes().stream()
                            .mapToInt(SoakSummary.CauseCount::ticks)
                            .sum()));
        });
        assertThat(SummaryCodec.toJson(read)).isEqualTo(before);
    }

    @Test
    void a_summary_of_the_first_days_without_causes_segments_or_servers_reads_them_as_none() {
        String json = "{\"workers\": 2, \"mode\": \"naive\", \"every_ms\": 1000, \"task_time_ms\": 300,"
                + " \"ready_ms\": 900, \"ticks\": 4, \"rows\": 8, \"duplicate_ticks\": 4, \"extra_rows\": 4,"
                + " \"missed_ticks\": 0, \"overlaps\": 4, \"rows_per_tick\": {\"min\": 2, \"median\": 2, \"max\": 2}}";

        SummaryFile read = SummaryCodec.fromJson(json);

        assertThat(read.causes()).isEmpty();
        assertThat(read.segments()).isEmpty();
        assertThat(read.servers()).isEmpty();
        assertThat(read.switches()).isEmpty();
        assertThat(read.total().jobRuns()).isEmpty();
    }

    @Test
    void a_figure_that_is_not_a_whole_number_is_refused_by_its_path() {
        String json = SummaryCodec.toJson(summary()).replaceFirst("\"ticks\" : 4", "\"ticks\" : \"four\"");

        assertThatThrownBy(() -> SummaryCodec.fromJson(json))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("by_mode.naive.ticks: expected a whole number, found 'four'");
    }

    @Test
    void a_file_that_is_not_a_json_object_is_refused_saying_what_was_expected() {
        assertThatThrownBy(() -> SummaryCodec.fromJson("[1, 2]"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("expected the summary as a JSON object, found ");
    }
}

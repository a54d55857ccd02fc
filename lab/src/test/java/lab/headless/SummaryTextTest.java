package lab.headless;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalInt;
import lab.check.Cause;
import lab.check.Figures;
import lab.check.Finding;
import lab.protocol.Mode;
import lab.protocol.ModeSpec;
import lab.session.ModeSegment;
import lab.session.ModeTotal;
import lab.session.RunSummary;
import lab.session.ServerInfo;
import org.junit.jupiter.api.Test;

class SummaryTextTest {
    private static final Instant T0 = Instant.parse("2026-07-07T02:34:18Z");
    // 5 windows of 4, 1, 1, 0 and 2 rows: 2 duplicate ticks, 4 extra rows, 1 missed.
    private static final Figures NAIVE = new Figures(5, 8, 2, 4, 1, 3, List.of(4, 1, 1, 0, 2));
    private static final Figures REDIS = new Figures(3, 3, 0, 0, 0, 0, List.of(1, 1, 1));

    private static RunSummary summary(
            List<Finding> findings, List<ModeSegment> segments, List<Long> switches, List<ServerInfo> servers) {
        List<ModeTotal> byMode = List.of(new ModeTotal("naive", NAIVE), new ModeTotal("redis", REDIS));
        return new RunSummary(
                4,
                "naive",
                Duration.ofSeconds(2),
                Duration.ofMillis(300),
                812,
                NAIVE.plus(REDIS),
                findings,
                byMode,
                segments,
                switches,
                servers);
    }

    @Test
    void the_summary_says_what_was_counted_then_the_figures_of_the_run_and_of_each_mode() {
        List<String> lines = SummaryText.lines(summary(List.of(), List.of(), List.of(), List.of()));

        assertThat(lines)
                .containsExactly(
                        "summary - counted from the counter table, complete tick windows of 2s only; 4 workers,"
                                + " task time at start 300ms",
                        "  all modes:  ticks 8, rows 11, duplicate ticks 2, extra rows 4, missed ticks 1, overlapping"
                                + " runs 3, rows per tick min/median/max 0/1/4",
                        "  naive:      ticks 5, rows 8, duplicate ticks 2, extra rows 4, missed ticks 1, overlapping"
                                + " runs 3, rows per tick min/median/max 0/1/4",
                        "  redis:      ticks 3, rows 3, duplicate ticks 0, extra rows 0, missed ticks 0, overlapping"
                                + " runs 0, rows per tick min/median/max 1/1/1",
                        "  ready in 812 ms (launch to all 4 workers answering /healthz)");
    }

    @Test
    void job_runs_are_shown_where_counted_and_refused_writes_only_when_there_were_some() {
        Figures counted = new Figures(3, 3, 0, 0, 0, 0, List.of(1, 1, 1), OptionalInt.of(5), OptionalInt.of(0));

        assertThat(SummaryText.figures(counted)).endsWith("min/median/max 1/1/1, job runs 5");
        assertThat(SummaryText.figures(counted.withRefusedWrites(2)))
                .endsWith("min/median/max 1/1/1, job runs 5, refused writes 2");
    }

    @Test
    void each_finding_is_explained_in_its_own_line_up_to_ten_then_counted_by_cause_in_order_of_precedence() {
        List<Finding> findings = new ArrayList<>();
        for (int i = 0; i < 12; i++) {
            Cause cause = i < 9 ? Cause.NO_LOCK : Cause.RELEASED_EARLY;
            findings.add(
                    new Finding(Finding.Kind.DUPLICATE, T0.plusSeconds(2L * i), cause, "tick " + i + " ran twice"));
        }

        List<String> lines = SummaryText.lines(summary(findings, List.of(), List.of(), List.of()));

        int why = lines.indexOf("  why (from the recording):");
        assertThat(why).isPositive();
        assertThat(lines.get(why + 1)).isEqualTo("    no-lock: tick 0 ran twice");
        assertThat(lines.get(why + 10)).isEqualTo("    released-early: tick 9 ran twice");
        assertThat(lines.get(why + 11)).isEqualTo("    ... 2 more; in all: released-early ×3, no-lock ×9");
    }

    @Test
    void switches_segments_and_servers_each_get_their_line() {
        List<ModeSegment> segments = List.of(
                new ModeSegment("naive", ModeSpec.defaults(Mode.NAIVE), T0, T0.plusSeconds(10), NAIVE),
                new ModeSegment("redis", ModeSpec.defaults(Mode.REDIS), T0.plusSeconds(10), T0.plusSeconds(16), REDIS));
        List<ServerInfo> servers = List.of(
                new ServerInfo("redis", "127.0.0.1:6390", "ready", 120, "machine 7.0.15", "redis-server 7.0.15", ""),
                new ServerInfo("postgres", "db:5432", "external", 0, "external", "", "not asked to start it"));

        List<String> lines = SummaryText.lines(summary(List.of(), segments, List.of(40L, 25L, 90L), servers));

        assertThat(lines)
                .contains("  by segment (each from the first window after every worker took the mode and its knobs):")
                .contains("  mode switches: 3, latency (request sent to the slowest worker's acknowledgement) p50 40"
                        + " ms, max 90 ms")
                .contains("  server redis ready at 127.0.0.1:6390 (redis-server 7.0.15), started in 120 ms")
                .contains("  server postgres external at db:5432; not asked to start it");
        String naive = lines.stream()
                .filter(l -> l.startsWith("    naive ("))
                .findFirst()
                .orElseThrow();
        String redis = lines.stream()
                .filter(l -> l.startsWith("    redis ("))
                .findFirst()
                .orElseThrow();
        // A segment names the knobs its guard reads: the Redis lock's lease, not in naive.
        assertThat(naive)
                .contains("task-time 300ms")
                .doesNotContain("lock-ttl")
                .endsWith("): " + SummaryText.figures(NAIVE));
        assertThat(redis).contains("task-time 300ms", "lock-ttl 1m").endsWith("): " + SummaryText.figures(REDIS));
    }
}

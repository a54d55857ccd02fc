package lab.tui;

import static org.assertj.core.api.Assertions.assertThat;

import com.googlecode.lanterna.TextCharacter;
import com.googlecode.lanterna.TextColor;
import java.util.List;
import lab.check.Cause;
import lab.check.Finding;
import lab.session.LabSnapshot;
import org.junit.jupiter.api.Test;

class CounterPanelTest {

    @Test
    void a_tick_with_four_rows_marks_each_of_them_DUP_times_four() {
        LabSnapshot s = SnapshotFixture.withWorkers(4).tick(0, "naive", 4).build();

        Rendered screen = Rendered.render(s);

        assertThat(screen.linesContaining("DUP ×4")).as(screen.text()).hasSize(4);
    }

    @Test
    void without_a_UTF8_locale_the_mark_reads_DUP_x4() {
        LabSnapshot s = SnapshotFixture.withWorkers(4).tick(0, "naive", 4).build();

        Rendered screen = Rendered.render(s, Rendered.COLOUR_ASCII, 80, 24, false);

        assertThat(screen.linesContaining("DUP x4")).as(screen.text()).hasSize(4);
        assertThat(screen.text()).doesNotContain("×");
    }

    @Test
    void ticks_after_a_switch_to_redis_show_no_mark() {
        LabSnapshot s = SnapshotFixture.withWorkers(4)
                .tick(0, "naive", 4)
                .tick(2, "redis", 1)
                .tick(4, "redis", 1)
                .build();

        Rendered screen = Rendered.render(s);

        List<String> redisRows = screen.linesContaining("10:34:2").stream()
                .filter(l -> l.contains("redis"))
                .toList();
        assertThat(redisRows).as(screen.text()).hasSize(2).noneMatch(l -> l.contains("DUP"));
        assertThat(screen.linesContaining("DUP ×4")).hasSize(4);
    }

    @Test
    void the_mark_counts_the_rows_of_the_table_not_only_those_on_screen() {
        SnapshotFixture f = SnapshotFixture.withWorkers(4).tick(0, "naive", 2);
        f.rowsPerTick.put(SnapshotFixture.T0, 4);

        Rendered screen = Rendered.render(f.build());

        assertThat(screen.linesContaining("DUP ×4")).as(screen.text()).hasSize(2);
    }

    @Test
    void a_row_shows_its_id_tick_worker_creation_time_and_mode() {
        LabSnapshot s = SnapshotFixture.withWorkers(1).tick(0, "naive", 1).build();

        Rendered screen = Rendered.render(s);

        assertThat(screen.text()).contains("    1 10:34:18 w1  10:34:18.201 naive");
    }

    @Test
    void the_running_totals_show_ticks_duplicates_extra_rows_and_overlaps_per_mode() {
        LabSnapshot s = SnapshotFixture.withWorkers(4)
                .total("naive", 12, 12, 36, 30)
                .total("redis", 5, 0, 0, 0)
                .build();

        Rendered screen = Rendered.render(s);

        assertThat(screen.text()).contains("mode          ticks   dup  extra  overlaps");
        assertThat(screen.text()).contains("naive            12    12     36        30");
        assertThat(screen.text()).contains("redis             5     0      0         0");
    }

    private static Finding finding(Finding.Kind kind, Cause cause, String sentence) {
        return new Finding(kind, SnapshotFixture.T0, cause, sentence);
    }

    @Test
    void with_nothing_explained_yet_no_why_line_is_drawn() {
        Rendered screen = Rendered.render(
                SnapshotFixture.withWorkers(4).tick(0, "naive", 4).build());

        assertThat(screen.lines()).noneMatch(l -> l.startsWith("why"));
    }

    @Test
    void the_why_line_spans_the_screen_under_the_totals_and_the_timeline_and_above_the_events() {
        SnapshotFixture f = SnapshotFixture.withWorkers(4).tick(0, "naive", 4).total("naive", 1, 1, 3, 3);
        f.explanations = List.of(finding(Finding.Kind.DUPLICATE, Cause.NO_LOCK, "tick 10:34:18 ran 4 times"));

        List<String> lines = Rendered.render(f.build()).lines();

        int why = lines.indexOf(
                lines.stream().filter(l -> l.startsWith("why:")).findFirst().orElseThrow());
        assertThat(lines.subList(0, why)).anyMatch(l -> l.startsWith("mode          ticks"));
        assertThat(lines.get(why)).doesNotContain("│");
        assertThat(lines.subList(why, lines.size())).anyMatch(l -> l.startsWith("Events"));
    }

    @Test
    void duplicates_and_missed_ticks_are_explained_in_the_colour_of_the_DUP_mark_and_overlaps_in_red() {
        SnapshotFixture f = SnapshotFixture.withWorkers(4).tick(0, "naive", 4);
        f.explanations = List.of(finding(Finding.Kind.MISSED, Cause.DEAD_HOLDER, "tick 10:34:20 has no row"));
        Rendered missed = Rendered.render(f.build());
        f.explanations = List.of(finding(Finding.Kind.OVERLAP, Cause.LEASE_EXPIRED, "w1 and w3 ran at once"));
        Rendered overlap = Rendered.render(f.build());

        TextCharacter dup = missed.cellOf("DUP ×4");
        assertThat(missed.cellOf("why:").getBackgroundColor())
                .isEqualTo(dup.getBackgroundColor())
                .isNotEqualTo(TextColor.ANSI.DEFAULT);
        assertThat(overlap.cellOf("why:").getForegroundColor()).isEqualTo(TextColor.ANSI.RED_BRIGHT);
    }

    @Test
    void a_long_sentence_wraps_at_a_space_onto_a_second_row_and_is_cut_with_an_ellipsis_after_it() {
        SnapshotFixture f = SnapshotFixture.withWorkers(4).tick(0, "naive", 4);
        String sentence = "tick 10:34:18 ran twice: w2 held advisory lock 42 for 11 ms (released .034); w4 fired .038"
                + " — 37 ms after w2 — and took it at .039";
        f.explanations = List.of(finding(Finding.Kind.DUPLICATE, Cause.RELEASED_EARLY, sentence));
        Rendered fits = Rendered.render(f.build());
        f.explanations = List.of(finding(Finding.Kind.DUPLICATE, Cause.RELEASED_EARLY, sentence + " " + sentence));
        Rendered cut = Rendered.render(f.build());

        List<String> lines = fits.lines();
        int why = lines.indexOf(
                lines.stream().filter(l -> l.startsWith("why:")).findFirst().orElseThrow());
        assertThat(lines.get(why).stripTrailing() + " " + lines.get(why + 1).stripTrailing())
                .isEqualTo("why: released-early — " + sentence);
        assertThat(cut.lines()).anyMatch(l -> l.stripTrailing().endsWith("…"));
    }
}

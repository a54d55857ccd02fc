package lab.tui;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
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
}

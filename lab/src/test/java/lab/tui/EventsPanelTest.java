package lab.tui;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class EventsPanelTest {
    private static final String SKIP = "10:34:19.007 w3 skipped tick 10:34:19  redis lock 'scheduler_lock:tick' not"
            + " acquired: held by w1-4242-9f3c8e2a, 4870 ms left (SET scheduler_lock:tick w3-4244-1a2b3c4d NX PX"
            + " 60000 → nil)";

    @Test
    void a_long_event_line_wraps_so_that_its_lock_command_and_answer_are_on_screen_at_80_columns() {
        SnapshotFixture f = SnapshotFixture.withWorkers(4);
        f.events.add("10:34:19.001 w1 executed tick 10:34:19  ran holding redis lock 'scheduler_lock:tick'");
        f.events.add(SKIP);

        String screen = Rendered.render(f.build()).text();

        assertThat(screen).contains("NX PX").contains("60000 → nil)").contains("held by w1-4242-9f3c8e2a");
    }

    @Test
    void wrapped_rows_break_at_spaces_and_indent_what_follows() {
        List<String> rows = EventsPanel.wrap(SKIP, 60);

        assertThat(rows).hasSizeGreaterThan(2).allSatisfy(r -> assertThat(r.length())
                .isLessThanOrEqualTo(60));
        assertThat(rows.subList(1, rows.size())).allSatisfy(r -> assertThat(r).startsWith("    "));
        assertThat(String.join(" ", rows).replaceAll("\\s+", " ")).isEqualTo(SKIP.replaceAll("\\s+", " "));
    }
}

package lab.tui;

import static org.assertj.core.api.Assertions.assertThat;

import com.googlecode.lanterna.TextColor;
import java.time.Duration;
import lab.protocol.Hold;
import lab.protocol.Knob;
import lab.protocol.Knobs;
import lab.protocol.Mode;
import lab.protocol.ModeSpec;
import org.junit.jupiter.api.Test;

class KnobOverlayTest {
    private static final ViewState OPEN = new ViewState(false, true, 0, 0);

    private static SnapshotFixture in(ModeSpec spec) {
        SnapshotFixture f = SnapshotFixture.withWorkers(4);
        f.mode = spec.mode().cliName();
        f.spec = spec;
        return f;
    }

    /** As many rows as the panel needs to show every live knob at once: 80x24 shows the first screenful. */
    private static final int TALL = 8 + Knobs.live().size();

    @Test
    void the_panel_lists_every_live_knob_with_its_value_now_on_a_screen_tall_enough_and_scrolls_within_80x24() {
        ModeSpec spec = ModeSpec.defaults(Mode.REDIS)
                .with(Knobs.LOCK_TTL, Duration.ofMillis(500))
                .with(Knobs.RENEW, true)
                .with(Knobs.HOLD_AT_LEAST, Hold.WINDOW);

        Rendered small = Rendered.render(in(spec).build(), OPEN);
        Rendered screen = Rendered.render(in(spec).build(), Rendered.COLOUR_UTF8, 80, TALL, OPEN);

        assertThat(small.text()).contains("1-16 of " + Knobs.live().size(), "mode                redis");

        assertThat(screen.text())
                .as(screen.text())
                .contains(
                        "Knobs, as every worker has them (mode redis)",
                        "mode                redis",
                        "task-time           300ms",
                        "lock-ttl            500ms",
                        "renew               on",
                        "hold-at-least       window",
                        "release-on-shutdown on");
        for (Knob<?> knob : Knobs.live()) {
            assertThat(screen.linesContaining(knob.name() + " "))
                    .as(knob.name())
                    .isNotEmpty();
        }
    }

    @Test
    void each_knob_shows_its_help() {
        Rendered screen = Rendered.render(in(ModeSpec.defaults(Mode.REDIS)).build(), OPEN);

        assertThat(screen.linesContaining("lock-ttl  ")).first().asString().contains("the Redis lock's expiry (PX)");
    }

    @Test
    void knobs_the_modes_lock_does_not_read_are_dimmed_and_say_so_but_mode_and_task_time_never() {
        Rendered screen = Rendered.render(in(ModeSpec.defaults(Mode.REDIS)).build(), OPEN);

        assertThat(screen.linesContaining("pg-lock  ")).first().asString().contains("(not used by redis)");
        assertThat(screen.linesContaining("renew  ")).first().asString().doesNotContain("not used");
        assertThat(screen.linesContaining("recheck  ")).first().asString().doesNotContain("not used");
        assertThat(screen.linesContaining("lock-ttl  ")).first().asString().doesNotContain("not used");
        assertThat(screen.cellOf("pg-lock").getForegroundColor()).isEqualTo(TextColor.ANSI.BLACK_BRIGHT);
        assertThat(screen.cellOf("lock-ttl").getForegroundColor()).isEqualTo(TextColor.ANSI.DEFAULT);

        Rendered naive =
                Rendered.render(in(ModeSpec.defaults(Mode.NAIVE)).build(), Rendered.COLOUR_UTF8, 80, TALL, OPEN);

        assertThat(naive.linesContaining("lock-ttl  ")).first().asString().contains("(not used by naive)");
        // Naive reads mode, task-time and the knobs that concern no lock (recheck: check-then-insert with no
        // lock): every other knob is dimmed. Counted from the declarations, so that a new knob needs no line here.
        assertThat(naive.linesContaining("not used by naive")).hasSize((int) Knobs.live().stream()
                .filter(k -> k != Knobs.MODE && k != Knobs.TASK_TIME && !k.concerns(Mode.NAIVE))
                .count());
        assertThat(naive.linesContaining("recheck  ")).first().asString().doesNotContain("not used");
        assertThat(naive.linesContaining("task-time  ")).first().asString().doesNotContain("not used");
        assertThat(naive.linesContaining("mode  ")).first().asString().doesNotContain("not used");
    }

    @Test
    void the_picked_knob_is_marked_and_the_panel_says_what_enter_would_set_it_to() {
        int lockTtl = Knobs.live().indexOf(Knobs.LOCK_TTL);

        Rendered screen =
                Rendered.render(in(ModeSpec.defaults(Mode.REDIS)).build(), new ViewState(false, true, lockTtl, 0));

        assertThat(screen.text()).contains("> lock-ttl", "Enter sets lock-ttl 1m → 500ms on every worker");
        assertThat(screen.cellOf("lock-ttl  ").isReversed()).isTrue();
    }

    @Test
    void on_a_short_screen_the_list_scrolls_to_keep_the_picked_knob_in_view() {
        ModeSpec spec = ModeSpec.defaults(Mode.REDIS);
        int renew = Knobs.live().indexOf(Knobs.RENEW);

        // 12 rows leave four for the list: the picked knob is the last of the four shown.
        Rendered box = Rendered.drawn(80, 12, g -> new KnobOverlay(Rendered.COLOUR_UTF8).draw(g, spec, renew));
        int n = Knobs.live().size();
        String window = (renew - 2) + "-" + (renew + 1) + " of " + n;

        assertThat(box.text()).as(box.text()).contains("> renew", window, "hold-at-least", "lock-key");
        assertThat(box.linesContaining("task-time ")).isEmpty();
        assertThat(box.text()).contains("Enter sets renew off → on");
    }
}

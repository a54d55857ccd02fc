package lab.tui;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import com.googlecode.lanterna.TerminalSize;
import com.googlecode.lanterna.input.KeyStroke;
import com.googlecode.lanterna.input.KeyType;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import lab.protocol.Knobs;
import lab.protocol.Mode;
import lab.protocol.ModeChange;
import lab.session.Action;
import lab.session.Command;
import lab.session.LabSnapshot;
import lab.session.SetKnob;
import lab.session.SwitchMode;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class DashboardTest {
    private static final Duration SOON = Duration.ofSeconds(3);

    private final RecordingTerminal terminal = new RecordingTerminal(100, 30);
    private final AtomicReference<LabSnapshot> snapshot =
            new AtomicReference<>(SnapshotFixture.withWorkers(4).build());
    /** How many times the dashboard's loop has read the snapshot: each read is a look that could draw a frame. */
    private final java.util.concurrent.atomic.AtomicInteger looks = new java.util.concurrent.atomic.AtomicInteger();

    private final List<Command> commands = new CopyOnWriteArrayList<>();
    private final AtomicBoolean stop = new AtomicBoolean();
    private Dashboard dashboard;
    private CompletableFuture<Void> running;

    private void start() throws Exception {
        dashboard = new Dashboard(terminal, Rendered.COLOUR_UTF8);
        running = CompletableFuture.runAsync(() -> {
            try {
                dashboard.run(
                        () -> {
                            looks.incrementAndGet();
                            return snapshot.get();
                        },
                        commands::add,
                        stop::get);
            } catch (java.io.IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        });
        await().atMost(SOON).until(() -> screen().contains("Counter table"));
    }

    private String screen() {
        return Rendered.of(terminal).text();
    }

    @AfterEach
    void stopTheLoop() {
        stop.set(true);
        if (running != null) {
            running.exceptionally(e -> null).join();
        }
    }

    @Test
    void keys_pressed_reach_the_model_as_commands_in_order() throws Exception {
        start();
        terminal.addInput(new KeyStroke('3', false, false));
        terminal.addInput(new KeyStroke('+', false, false));
        terminal.addInput(new KeyStroke('q', false, false));

        await().atMost(SOON).until(() -> commands.size() == 3);
        assertThat(commands).containsExactly(new SwitchMode(Mode.REDIS), Action.ADD_WORKER, Action.QUIT);
    }

    @Test
    void a_new_snapshot_appears_on_screen_and_the_mode_switch_with_it() throws Exception {
        start();
        SnapshotFixture redis = SnapshotFixture.withWorkers(4).tick(0, "redis", 1);
        redis.mode = "redis";
        snapshot.set(redis.build());

        await().atMost(SOON).until(() -> screen().contains("REDIS"));
        assertThat(screen()).doesNotContain("NAIVE", "DUP");
    }

    @Test
    void an_unchanged_snapshot_is_not_drawn_again() throws Exception {
        start();
        // The first frame is the event to wait for: once it is out, nothing has changed, so nothing more is drawn.
        await().atMost(SOON).until(() -> terminal.flushes.get() >= 1);
        int before = terminal.flushes.get();
        int looked = looks.get();

        // Decided by the event, not a sleep: the loop has looked at the unchanged snapshot five more times.
        await().atMost(SOON).until(() -> looks.get() >= looked + 5);

        assertThat(terminal.flushes.get()).isEqualTo(before);
    }

    @Test
    void question_mark_opens_the_help_box_and_escape_closes_it() throws Exception {
        start();
        terminal.addInput(new KeyStroke('?', false, false));
        await().atMost(SOON).until(() -> screen().contains("k kill -9 it"));

        terminal.addInput(new KeyStroke(KeyType.Escape));
        await().atMost(SOON).until(() -> !screen().contains("k kill -9 it"));
        assertThat(commands).containsExactly(Action.HELP);
    }

    @Test
    void o_opens_the_knob_panel_where_enter_sets_the_picked_knob_and_escape_closes_it() throws Exception {
        start();
        terminal.addInput(new KeyStroke('o', false, false));
        await().atMost(SOON).until(() -> screen().contains("Knobs, as every worker has them"));

        terminal.addInput(new KeyStroke(KeyType.ArrowDown));
        terminal.addInput(new KeyStroke(KeyType.Enter));
        await().atMost(SOON).until(() -> commands.size() == 2);
        terminal.addInput(new KeyStroke(KeyType.Escape));
        await().atMost(SOON).until(() -> !screen().contains("Knobs, as every worker has them"));

        assertThat(commands)
                .containsExactly(Action.KNOBS, new SetKnob(ModeChange.of(Knobs.TASK_TIME, Duration.ofSeconds(1))));
    }

    @Test
    void a_resize_below_80x24_shows_the_too_small_screen_and_back_the_panels() throws Exception {
        start();
        terminal.setTerminalSize(new TerminalSize(60, 20));
        await().atMost(SOON).until(() -> screen().contains("Terminal too small: 60x20"));

        terminal.setTerminalSize(new TerminalSize(90, 28));
        await().atMost(SOON).until(() -> screen().contains("Counter table"));
    }

    @Test
    void the_terminal_is_restored_when_the_lab_stops_the_dashboard() throws Exception {
        start();
        assertThat(terminal.inPrivateMode).isTrue();

        stop.set(true);
        running.join();

        assertThat(terminal.inPrivateMode).isFalse();
        assertThat(terminal.closed).isTrue();
    }

    @Test
    void the_terminal_is_restored_when_the_model_throws() throws Exception {
        dashboard = new Dashboard(terminal, Rendered.COLOUR_UTF8);
        terminal.addInput(new KeyStroke('k', false, false));

        assertThatThrownBy(() -> dashboard.run(
                        snapshot::get,
                        c -> {
                            throw new IllegalStateException("w3 - cannot kill: already exited");
                        },
                        stop::get))
                .hasMessageContaining("already exited");

        assertThat(terminal.inPrivateMode).isFalse();
        assertThat(terminal.closed).isTrue();
    }

    @Test
    void close_from_another_thread_ends_the_loop_and_a_second_close_does_nothing() throws Exception {
        start();

        dashboard.close();
        running.join();
        dashboard.close();

        assertThat(terminal.inPrivateMode).isFalse();
        assertThat(terminal.closed).isTrue();
    }

    @Test
    void the_end_of_input_ends_the_loop() throws Exception {
        start();
        terminal.addInput(new KeyStroke(KeyType.EOF));

        running.join();
        assertThat(terminal.closed).isTrue();
    }

    @Test
    void a_dashboard_runs_only_once() throws Exception {
        start();
        stop.set(true);
        running.join();

        assertThatThrownBy(() -> dashboard.run(snapshot::get, commands::add, () -> true))
                .isInstanceOf(IllegalStateException.class);
    }
}

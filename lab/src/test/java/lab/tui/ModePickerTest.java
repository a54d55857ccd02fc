package lab.tui;

import static org.assertj.core.api.Assertions.assertThat;

import com.googlecode.lanterna.input.KeyStroke;
import com.googlecode.lanterna.input.KeyType;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import lab.protocol.Mode;
import lab.session.Action;
import lab.session.Command;
import lab.session.LabSnapshot;
import lab.session.SwitchMode;
import org.junit.jupiter.api.Test;

/** The {@code m} picker reaches every registered mode, those past the ten number keys too, drawn at 80x24. */
class ModePickerTest {
    /** The test sources' modes, each its declaration and this one line: a lock around the job, and a schedule. */
    private static final Path TEST_MODES = Path.of("src/test/resources/META-INF/services/lab.protocol.Mode");

    private final ViewControl control = new ViewControl();
    private final List<Command> sent = new ArrayList<>();
    private final LabSnapshot shown = SnapshotFixture.withWorkers(4).build();
    private final Mode current = shown.header().spec().mode();

    private void press(char c) {
        control.onKey(new KeyStroke(c, false, false), shown, sent::add);
    }

    private void press(KeyType type) {
        control.onKey(new KeyStroke(type), shown, sent::add);
    }

    private Rendered screen() {
        return Rendered.render(shown, control.view(shown));
    }

    @Test
    void m_opens_a_list_of_every_registered_mode_with_its_kind_and_needs_on_the_current_one() {
        press('m');

        ViewState view = control.view(shown);
        String text = screen().text();
        assertThat(view.modes()).isTrue();
        assertThat(view.modeCursor()).isEqualTo(Mode.values().indexOf(current));
        for (Mode m : Mode.values()) {
            // The test sources' modes, which no line of the dashboard names, are rows like any other.
            assertThat(text).as(text).contains(m.cliName());
        }
        assertThat(text).contains("lock around the job", "owns the schedule", "needs redis", "needs nothing");
        assertThat(screen().linesContaining("> ")).anySatisfy(l -> assertThat(l).contains(current.cliName() + " *"));
    }

    @Test
    void up_from_the_first_mode_wraps_to_the_last_and_enter_switches_every_worker_to_it_and_closes() {
        press('m');
        for (int i = Mode.values().indexOf(current); i >= 0; i--) {
            press(KeyType.ArrowUp);
        }
        press(KeyType.Enter);

        Mode last = Mode.values().get(Mode.values().size() - 1);
        assertThat(last.key()).as("the last mode is one past the number keys").isEmpty();
        assertThat(sent).containsExactly(Action.MODES, new SwitchMode(last));
        assertThat(control.view(shown).modes()).isFalse();
    }

    @Test
    void esc_closes_it_and_switches_nothing() {
        press('m');
        press(KeyType.ArrowDown);
        press(KeyType.Escape);

        assertThat(sent).containsExactly(Action.MODES);
        assertThat(control.view(shown).modes()).isFalse();
        assertThat(screen().text()).doesNotContain("Enter switches every worker");
    }

    @Test
    void every_mode_the_test_sources_declare_is_a_row_with_no_line_of_the_dashboard_naming_it() throws IOException {
        press('m');
        String text = screen().text();

        List<String> declared = Files.readAllLines(TEST_MODES).stream()
                .filter(l -> !l.isBlank() && !l.startsWith("#"))
                .toList();
        assertThat(declared).hasSizeGreaterThanOrEqualTo(2);
        for (String className : declared) {
            Mode mode = Mode.values().stream()
                    .filter(m -> m.getClass().getName().equals(className.strip()))
                    .findFirst()
                    .orElseThrow(() -> new AssertionError(className + " is not registered"));
            assertThat(text).as(text).contains(mode.cliName() + " ", modeKind(mode));
        }
    }

    private static String modeKind(Mode m) {
        return new ModeOverlay(Rendered.COLOUR_UTF8).kind(m);
    }

    @Test
    void the_help_and_the_key_bar_name_the_picker_key() {
        assertThat(Rendered.render(shown).text()).contains("m all modes");
        assertThat(ModeKeys.helpLines(Rendered.COLOUR_UTF8)).last().asString().contains("m");
    }
}

package lab.tui;

import static org.assertj.core.api.Assertions.assertThat;

import com.googlecode.lanterna.input.KeyStroke;
import com.googlecode.lanterna.input.KeyType;
import java.util.Optional;
import lab.protocol.Mode;
import lab.session.Action;
import lab.session.Command;
import lab.session.SwitchMode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class KeyMapTest {
    private final KeyMap keys = new KeyMap();

    private Optional<Command> press(char c) {
        return keys.map(new KeyStroke(c, false, false), false);
    }

    @Test
    void digits_one_to_four_switch_to_the_four_modes() {
        assertThat(press('1')).contains(new SwitchMode(Mode.NAIVE));
        assertThat(press('2')).contains(new SwitchMode(Mode.LOCAL_MUTEX));
        assertThat(press('3')).contains(new SwitchMode(Mode.REDIS));
        assertThat(press('4')).contains(new SwitchMode(Mode.POSTGRES));
    }

    @ParameterizedTest(name = "''{0}'' is {1}")
    @CsvSource({
        "+, ADD_WORKER",
        "-, REMOVE_WORKER",
        "k, KILL",
        "p, PAUSE_RESUME",
        "r, RESTART",
        "a, SKEW_CLOCK",
        "R, TOGGLE_REDIS",
        "B, RESTART_REDIS",
        "P, TOGGLE_POSTGRES",
        "t, CYCLE_TASK_TIME",
        "c, CLEAR_TABLE",
        "?, HELP",
        "o, KNOBS",
        "e, WHY_BACK",
        "q, QUIT",
        "n, SCENARIO_NEXT"
    })
    void each_letter_maps_to_its_command(char key, Action action) {
        assertThat(press(key)).contains(action);
    }

    @Test
    void space_pauses_or_resumes_the_scenario() {
        assertThat(press(' ')).contains(Action.SCENARIO_PAUSE_RESUME);
    }

    @Test
    void arrow_keys_select_the_next_and_previous_worker() {
        assertThat(keys.map(new KeyStroke(KeyType.ArrowDown), false)).contains(Action.SELECT_NEXT);
        assertThat(keys.map(new KeyStroke(KeyType.ArrowUp), false)).contains(Action.SELECT_PREV);
    }

    @Test
    void while_quit_is_asked_y_confirms_and_any_other_key_cancels() {
        assertThat(keys.map(new KeyStroke('y', false, false), true)).contains(Action.CONFIRM);
        assertThat(keys.map(new KeyStroke('n', false, false), true)).contains(Action.CANCEL);
        assertThat(keys.map(new KeyStroke('q', false, false), true)).contains(Action.CANCEL);
        assertThat(keys.map(new KeyStroke(KeyType.Escape), true)).contains(Action.CANCEL);
    }

    @Test
    void function_keys_unknown_letters_and_control_chords_mean_nothing() {
        assertThat(keys.map(new KeyStroke(KeyType.F1), false)).isEmpty();
        assertThat(press('z')).isEmpty();
        assertThat(keys.map(new KeyStroke('k', true, false), false)).isEmpty();
    }

    @Test
    void ctrl_c_stops_at_once_asked_or_not() {
        assertThat(keys.map(new KeyStroke('c', true, false), false)).contains(Action.STOP_NOW);
        assertThat(keys.map(new KeyStroke('c', true, false), true)).contains(Action.STOP_NOW);
    }

    @Test
    void ctrl_backslash_is_the_hidden_crash_key_and_ctrl_z_means_nothing() {
        assertThat(keys.map(new KeyStroke('\\', true, false), false)).contains(Action.CRASH);
        assertThat(keys.map(new KeyStroke('z', true, false), false)).isEmpty();
    }
}

package lab.runs;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import lab.protocol.Knobs;
import lab.protocol.Mode;
import lab.protocol.ModeChange;
import lab.session.Action;
import lab.session.SetKnob;
import lab.session.SwitchMode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** What a scenario with {@code lock-keys: true} refuses: the decision, apart from the lab it would act on. */
class KeyActionsTest {

    @Test
    void a_locked_scenario_refuses_a_knob_set_from_the_panel_as_it_refuses_a_mode_key() {
        assertThat(KeyActions.changesTheLab(new SetKnob(ModeChange.of(Knobs.LOCK_TTL, Duration.ofSeconds(1)))))
                .isTrue();
        assertThat(KeyActions.changesTheLab(new SwitchMode(Mode.REDIS))).isTrue();
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(
            value = Action.class,
            names = {"KNOBS", "WHY_BACK", "HELP", "SELECT_NEXT", "QUIT"})
    void a_locked_scenario_still_lets_the_trainer_look(Action viewing) {
        assertThat(KeyActions.changesTheLab(viewing)).isFalse();
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(
            value = Action.class,
            names = {"KILL", "CYCLE_TASK_TIME", "TOGGLE_REDIS", "RESTART_REDIS", "CLEAR_TABLE"})
    void a_locked_scenario_refuses_the_keys_that_change_the_lab(Action change) {
        assertThat(KeyActions.changesTheLab(change)).isTrue();
    }
}

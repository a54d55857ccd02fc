package lab.examiner;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import lab.guard.exam.ExamMode;
import lab.protocol.Modes;
import lab.scenario.Scenario;
import lab.scenario.ScenarioParser;
import lab.scenario.Step;
import org.junit.jupiter.api.Test;

/** The battery the exam plays: the trials the report card knows, in its order, each playable alone. */
class BatteryTest {
    private static final Path BATTERY = Path.of("..", "docs", "exercises", "battery.yaml");

    BatteryTest() {
        // As the exam does before it reads the battery: mode exam is named (its class is never loaded here).
        synchronized (Modes.class) {
            if (Modes.byName(ExamMode.NAME).isEmpty()) {
                Modes.register(new ExamMode(Path.of("classes"), "MyLock"));
            }
        }
    }

    @Test
    void the_battery_plays_every_trial_the_report_card_knows_in_its_order() throws Exception {
        Battery battery = Battery.of(ScenarioParser.parse(BATTERY));

        assertThat(battery.trials()).containsExactlyElementsOf(Trial.ALL);
    }

    @Test
    void one_trial_alone_keeps_its_own_steps_from_its_mark_to_the_next_trials() throws Exception {
        Scenario whole = ScenarioParser.parse(BATTERY);
        Trial fastJob = Trial.named("fast-job").orElseThrow();

        Scenario alone = Battery.of(whole).only(List.of(fastJob));

        assertThat(alone.setup()).isEqualTo(whole.setup());
        assertThat(alone.steps().get(0))
                .isEqualTo(new Step.Mark(alone.steps().get(0).line(), "fast-job"));
        assertThat(alone.steps())
                .filteredOn(s -> s instanceof Step.Mark)
                .extracting(s -> ((Step.Mark) s).name())
                .containsExactly("fast-job", "fast-job.judged");
        assertThat(alone.steps()).filteredOn(s -> s instanceof Step.Expect).hasSize(1);
    }
}

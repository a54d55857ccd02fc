package lab.guard.exam;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import lab.protocol.Mode;
import lab.protocol.RuntimeMode;
import org.junit.jupiter.api.Test;

/**
 * The exam's mode reaches a worker's JVM in the worker's configuration, as the line its declaration is made again
 * from: nothing here registers it, so no test that lists the modes finds it.
 */
class ExamModeCarriedTest {
    @Test
    void the_mode_a_worker_makes_again_from_its_configuration_is_the_launchers() {
        ExamMode launchers = new ExamMode(Path.of("/tmp/exam classes@1"), "learner.MyLock");
        RuntimeMode carried = launchers.runtime().orElseThrow();

        Mode workers = carried.load();

        assertThat(workers).isInstanceOf(ExamMode.class);
        assertThat(workers.cliName()).isEqualTo(ExamMode.NAME);
        assertThat(workers.lock()).isEqualTo(launchers.lock());
        assertThat(workers.runtime()).contains(carried);
    }

    @Test
    void a_line_that_names_no_class_is_refused_naming_the_mode_and_the_form() {
        assertThatThrownBy(() -> new RuntimeMode(ExamMode.class.getName(), "/tmp/classes").load())
                .hasMessageContaining(ExamMode.class.getName())
                .hasMessageContaining("'/tmp/classes' is not CLASS@FOLDER");
    }

    @Test
    void a_mode_of_the_services_file_is_carried_by_no_configuration() {
        assertThat(Mode.REDIS.runtime()).isEmpty();
    }
}

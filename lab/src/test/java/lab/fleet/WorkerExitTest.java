package lab.fleet;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class WorkerExitTest {
    @Test
    void a_worker_that_died_on_its_own_is_said_with_its_signal_and_its_last_three_stderr_lines() {
        WorkerExit exit = new WorkerExit(
                "w3", 4128, 137, WorkerExit.By.ITSELF, List.of("one", "two", "three", "java.lang.OutOfMemoryError"));

        assertThat(exit.line())
                .isEqualTo("w3 (pid 4128) exited on its own: exit 137 (SIGKILL); last stderr: two | three |"
                        + " java.lang.OutOfMemoryError; r or a restart step brings it back");
        assertThat(exit.signal()).contains("SIGKILL");
    }

    @Test
    void an_exit_code_that_is_no_signal_is_said_as_it_is_and_silence_as_no_stderr() {
        WorkerExit exit = new WorkerExit("w1", 42, 1, WorkerExit.By.ITSELF, List.of());

        assertThat(exit.line())
                .isEqualTo("w1 (pid 42) exited on its own: exit 1; no stderr; r or a restart step brings it back");
        assertThat(exit.signal()).isEmpty();
    }

    @Test
    void the_labs_own_kill_and_stop_keep_their_short_line() {
        assertThat(new WorkerExit("w1", 5300, 137, WorkerExit.By.KILL, List.of("x")).line())
                .isEqualTo("w1 (pid 5300) killed, exit code 137");
        assertThat(new WorkerExit("w2", 5301, 0, WorkerExit.By.STOP, List.of()).line())
                .isEqualTo("w2 (pid 5301) stopped, exit code 0");
    }
}

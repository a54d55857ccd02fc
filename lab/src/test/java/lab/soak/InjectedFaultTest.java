package lab.soak;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import lab.nemesis.FaultResult;
import org.junit.jupiter.api.Test;

/** A fault is undone when the fault room's answer to its last step says so by its type, whatever its words. */
class InjectedFaultTest {
    private static final Instant T0 = Instant.parse("2026-07-07T02:34:00Z");
    private static final PlannedFault REDIS_STOP = new PlannedFault(1, Duration.ofSeconds(10), SoakFault.REDIS_STOP, 0);

    private static InjectedFault with(FaultResult last) {
        return new InjectedFault(
                REDIS_STOP,
                T0,
                T0.plusSeconds(2),
                List.of(
                        new FaultResult.Done("redis server stopped (127.0.0.1:6390): modes that need it fail closed"),
                        last));
    }

    @Test
    void a_server_started_again_without_its_fencing_counter_is_not_undone_though_its_line_says_started_again() {
        InjectedFault f = with(new FaultResult.Incomplete("redis server started again at 127.0.0.1:6390 in 80 ms;"
                + " fencing counter not restored (fenced mode fails closed until it is): store down"));

        assertThat(f.healed()).isFalse();
    }

    @Test
    void a_server_that_was_already_running_is_not_undone_by_the_soak() {
        assertThat(with(new FaultResult.Unchanged("redis server is already running"))
                        .healed())
                .isFalse();
    }

    @Test
    void a_done_undoing_step_undoes_the_fault_whatever_its_words() {
        InjectedFault f = with(new FaultResult.Done("back"));

        assertThat(f.healed()).isTrue();
        assertThat(f.lines())
                .containsExactly("redis server stopped (127.0.0.1:6390): modes that need it fail closed", "back");
    }
}

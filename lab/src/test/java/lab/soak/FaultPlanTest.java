package lab.soak;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The fault sequence comes from the seed alone: a failing seed replays the same faults, no lab needed. */
class FaultPlanTest {
    private static final Duration PERIOD = Duration.ofMillis(200);
    private static final Duration SPACING = Duration.ofSeconds(10);

    private static List<PlannedFault> plan(long seed, Duration length) {
        return FaultPlan.generate(seed, length, SPACING, PERIOD, 4);
    }

    @Test
    void the_same_seed_gives_the_same_kinds_targets_and_times() {
        assertThat(plan(10, Duration.ofMinutes(30))).isEqualTo(plan(10, Duration.ofMinutes(30)));
    }

    @Test
    void another_seed_gives_another_sequence() {
        assertThat(plan(11, Duration.ofMinutes(1))).isNotEqualTo(plan(10, Duration.ofMinutes(1)));
    }

    @Test
    void a_longer_run_of_the_same_seed_begins_with_the_shorter_one() {
        assertThat(plan(7, Duration.ofMinutes(30)))
                .startsWith(plan(7, Duration.ofMinutes(1)).toArray(PlannedFault[]::new));
    }

    @Test
    void one_fault_every_10_seconds_each_inside_its_own_tick_and_none_in_the_last_10_seconds() {
        List<PlannedFault> p = plan(3, Duration.ofMinutes(1));

        assertThat(p).extracting(PlannedFault::number).containsExactly(1, 2, 3, 4, 5);
        for (PlannedFault f : p) {
            Duration slot = SPACING.multipliedBy(f.number());
            assertThat(f.at()).isBetween(slot, slot.plus(PERIOD).minusMillis(1));
        }
    }

    @Test
    void a_worker_fault_names_one_of_the_four_workers_and_a_server_fault_none() {
        for (PlannedFault f : plan(5, Duration.ofMinutes(30))) {
            if (f.kind().hurtsWorker()) {
                assertThat(f.worker()).isBetween(1, 4);
                assertThat(f.target()).matches("w[1-4]");
            } else {
                assertThat(f.worker()).isZero();
                assertThat(f.target()).isIn("redis", "postgres");
            }
        }
    }

    @Test
    void seed_10_the_ci_seed_injects_every_kind_in_one_minute() {
        assertThat(plan(10, Duration.ofMinutes(1)))
                .extracting(PlannedFault::kind)
                .containsExactlyInAnyOrder(
                        SoakFault.REDIS_STOP,
                        SoakFault.PAUSE,
                        SoakFault.KILL,
                        SoakFault.PAUSE,
                        SoakFault.POSTGRES_RESTART);
    }

    @Test
    void the_plan_reads_as_its_replay_would_print_it() {
        assertThat(plan(10, Duration.ofMinutes(1)).get(0)).hasToString("#1 at 10.093s: redis-stop redis");
    }
}

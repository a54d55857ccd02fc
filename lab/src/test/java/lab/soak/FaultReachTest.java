package lab.soak;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import lab.nemesis.FaultResult;
import org.junit.jupiter.api.Test;

/** The soak's tolerances with its own settings (200 ms ticks, a 2 s lease), worked by hand. */
class FaultReachTest {
    private static final Duration PERIOD = Duration.ofMillis(200);
    private static final Duration TTL = Duration.ofSeconds(2);
    private static final Instant T0 = Instant.parse("2026-07-07T02:34:00Z");

    private static InjectedFault fault(SoakFault kind, long startMs, long endMs) {
        return new InjectedFault(
                new PlannedFault(1, Duration.ofSeconds(10), kind, kind.hurtsWorker() ? 2 : 0),
                T0.plusMillis(startMs),
                T0.plusMillis(endMs),
                List.of(new FaultResult.Done("done")));
    }

    @Test
    void a_killed_or_paused_holder_may_cost_12_ticks_and_a_stopped_server_13() {
        // KILL, PAUSE: 2000 / 200 + 2 = 12. REDIS_STOP: (2000 down + 200) / 200 + 2 = 13; POSTGRES_RESTART: the same,
        // with its 2 s restart budget.
        assertThat(FaultReach.boundTicks(fault(SoakFault.KILL, 10_000, 10_500), PERIOD, TTL))
                .isEqualTo(12);
        assertThat(FaultReach.boundTicks(fault(SoakFault.PAUSE, 10_000, 13_000), PERIOD, TTL))
                .isEqualTo(12);
        assertThat(FaultReach.boundTicks(fault(SoakFault.REDIS_STOP, 10_000, 12_000), PERIOD, TTL))
                .isEqualTo(13);
        assertThat(FaultReach.boundTicks(fault(SoakFault.POSTGRES_RESTART, 10_000, 10_300), PERIOD, TTL))
                .isEqualTo(13);
    }

    @Test
    void the_bound_is_planned_so_a_slow_restart_does_not_grow_it() {
        assertThat(FaultReach.boundTicks(fault(SoakFault.REDIS_STOP, 10_000, 19_000), PERIOD, TTL))
                .isEqualTo(13);
        assertThat(FaultReach.boundTicks(fault(SoakFault.POSTGRES_RESTART, 10_000, 19_000), PERIOD, TTL))
                .isEqualTo(13);
    }

    @Test
    void a_kill_reaches_from_the_tick_in_progress_to_the_tick_that_fires_as_the_lease_runs_out() {
        FaultReach reach = FaultReach.of(fault(SoakFault.KILL, 10_000, 10_500), PERIOD, TTL);

        assertThat(reach.from()).isEqualTo(T0.plusMillis(9_800));
        assertThat(reach.to()).isEqualTo(T0.plusMillis(12_200)); // 10.0 s + 2 s lease + 200 ms
    }

    @Test
    void a_pause_longer_than_the_lease_reaches_one_tick_past_the_resume() {
        FaultReach reach = FaultReach.of(fault(SoakFault.PAUSE, 10_000, 13_000), PERIOD, TTL);

        assertThat(reach.to()).isEqualTo(T0.plusMillis(13_200));
    }

    @Test
    void a_server_fault_reaches_two_ticks_past_the_server_coming_back() {
        assertThat(FaultReach.of(fault(SoakFault.REDIS_STOP, 10_000, 12_050), PERIOD, TTL)
                        .to())
                .isEqualTo(T0.plusMillis(12_450));
        assertThat(FaultReach.of(fault(SoakFault.POSTGRES_RESTART, 10_000, 10_700), PERIOD, TTL)
                        .to())
                .isEqualTo(T0.plusMillis(11_100));
    }

    @Test
    void a_reach_covers_the_windows_that_share_a_moment_with_it_and_no_other() {
        FaultReach reach = FaultReach.of(fault(SoakFault.KILL, 10_000, 10_500), PERIOD, TTL);

        assertThat(reach.covers(T0.plusMillis(9_600), PERIOD))
                .as("ends as the reach begins")
                .isFalse();
        assertThat(reach.covers(T0.plusMillis(9_800), PERIOD)).isTrue();
        assertThat(reach.covers(T0.plusMillis(12_200), PERIOD))
                .as("begins as the reach ends")
                .isTrue();
        assertThat(reach.covers(T0.plusMillis(12_400), PERIOD)).isFalse();
    }
}

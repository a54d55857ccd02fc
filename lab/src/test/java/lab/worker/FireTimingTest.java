package lab.worker;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.time.Instant;
import lab.protocol.Trigger;
import lab.store.TickWindow;
import org.junit.jupiter.api.Test;

class FireTimingTest {
    private static final Duration TWO_SECONDS = Duration.ofSeconds(2);
    private static final FireTiming CRON = new FireTiming(TWO_SECONDS, Trigger.CRON);
    private static final FireTiming INTERVAL = new FireTiming(TWO_SECONDS, Trigger.INTERVAL);
    private static final Instant TICK = Instant.parse("2026-12-01T05:00:04Z");

    @Test
    void a_fire_on_time_runs_in_the_window_it_was_scheduled_for() {
        FireTiming.Fire fire = CRON.judge(TICK, TICK, 0);

        assertThat(fire.missed()).isFalse();
        assertThat(fire.lateMillis()).isZero();
        assertThat(fire.window()).isEqualTo(new TickWindow(TICK, Instant.parse("2026-12-01T05:00:06Z")));
        assertThat(fire.phaseMillis()).isZero();
    }

    @Test
    void a_fire_slightly_late_runs_and_still_counts_for_its_own_tick() {
        FireTiming.Fire fire = CRON.judge(TICK, TICK.plusMillis(300), 0);

        assertThat(fire.missed()).isFalse();
        assertThat(fire.lateMillis()).isEqualTo(300);
        assertThat(fire.window().start()).isEqualTo(TICK);
    }

    @Test
    void a_fire_exactly_half_a_period_late_still_runs() {
        FireTiming.Fire fire = CRON.judge(TICK, TICK.plusMillis(1000), 0);

        assertThat(fire.missed()).isFalse();
        assertThat(fire.lateMillis()).isEqualTo(1000);
    }

    @Test
    void a_fire_more_than_half_a_period_late_is_missed_and_keeps_its_own_window() {
        FireTiming.Fire justOver = CRON.judge(TICK, TICK.plusMillis(1001), 0);
        FireTiming.Fire paused = CRON.judge(TICK, TICK.plusSeconds(7), 0);

        assertThat(justOver.missed()).isTrue();
        assertThat(justOver.lateMillis()).isEqualTo(1001);
        assertThat(paused.missed()).isTrue();
        assertThat(paused.lateMillis()).isEqualTo(7000);
        // Missed, not moved: the skip is reported against the tick it was scheduled for.
        assertThat(paused.window().start()).isEqualTo(TICK);
    }

    @Test
    void an_odd_period_rounds_its_half_down_to_the_millisecond_for_the_worker_and_for_quartz_alike() {
        FireTiming odd = new FireTiming(Duration.ofMillis(201), Trigger.CRON);
        Instant at = Instant.ofEpochMilli(201L * 1_000_000);

        assertThat(odd.grace()).isEqualTo(Duration.ofNanos(100_500_000));
        assertThat(odd.misfireThresholdMillis()).isEqualTo(100);
        assertThat(odd.judge(at, at.plusMillis(100), 0).missed()).isFalse();
        assertThat(odd.judge(at, at.plusMillis(101), 0).missed()).isTrue();
    }

    @Test
    void quartz_misfire_threshold_is_half_the_period_and_never_zero() {
        assertThat(CRON.misfireThresholdMillis()).isEqualTo(1000);
        assertThat(new FireTiming(Duration.ofMillis(1), Trigger.CRON).misfireThresholdMillis())
                .isEqualTo(1);
    }

    @Test
    void a_jitter_of_its_own_never_makes_a_fire_late_but_a_pause_during_the_jitter_does() {
        FireTiming.Fire jittered = CRON.judge(TICK, TICK.plusMillis(1500), 1500);
        FireTiming.Fire pausedInJitter = CRON.judge(TICK, TICK.plusMillis(2700), 1500);

        assertThat(jittered.missed()).isFalse();
        assertThat(jittered.lateMillis()).isZero();
        assertThat(pausedInJitter.missed()).isTrue();
        assertThat(pausedInJitter.lateMillis()).isEqualTo(1200);
    }

    @Test
    void a_fire_read_before_its_scheduled_time_is_early_and_runs() {
        FireTiming.Fire fire = CRON.judge(TICK, TICK.minusMillis(3), 0);

        assertThat(fire.missed()).isFalse();
        assertThat(fire.lateMillis()).isEqualTo(-3);
    }

    @Test
    void a_cron_trigger_first_fires_at_the_next_whole_multiple_of_the_period_even_when_armed_on_one() {
        assertThat(CRON.firstFire(Instant.parse("2026-12-01T05:00:03.001Z"))).isEqualTo(TICK);
        assertThat(CRON.firstFire(Instant.parse("2026-12-01T05:00:03.999Z"))).isEqualTo(TICK);
        assertThat(CRON.firstFire(TICK)).isEqualTo(Instant.parse("2026-12-01T05:00:06Z"));
    }

    @Test
    void an_interval_trigger_first_fires_one_period_after_it_was_armed_and_keeps_that_phase_in_its_window() {
        Instant armed = Instant.parse("2026-12-01T05:00:03.250Z");
        Instant first = INTERVAL.firstFire(armed);

        assertThat(first).isEqualTo(Instant.parse("2026-12-01T05:00:05.250Z"));
        FireTiming.Fire fire = INTERVAL.judge(first, first.plusMillis(20), 0);
        assertThat(fire.window()).isEqualTo(TickWindow.containing(TICK, TWO_SECONDS));
        assertThat(fire.phaseMillis()).isEqualTo(1250);
        assertThat(fire.missed()).isFalse();
    }

    @Test
    void windows_are_whole_multiples_of_the_period_since_the_epoch_in_utc_not_of_the_minute_or_the_day() {
        FireTiming sevenSeconds = new FireTiming(Duration.ofSeconds(7), Trigger.CRON);
        Instant newYear = Instant.parse("2024-01-01T00:00:00Z");

        // 1704067200000 ms is 243438171 periods of 7 s and 3 s: the window began before midnight and crosses it.
        FireTiming.Fire fire = sevenSeconds.judge(newYear, newYear, 0);
        assertThat(fire.window())
                .isEqualTo(
                        new TickWindow(Instant.parse("2023-12-31T23:59:57Z"), Instant.parse("2024-01-01T00:00:04Z")));
        assertThat(fire.phaseMillis()).isEqualTo(3000);
        assertThat(sevenSeconds.firstFire(Instant.parse("2023-12-31T23:59:58Z")))
                .isEqualTo(Instant.parse("2024-01-01T00:00:04Z"));
    }

    @Test
    void a_fire_on_the_epoch_and_one_just_before_it_land_in_adjacent_windows() {
        Instant epoch = Instant.EPOCH;

        assertThat(CRON.judge(epoch, epoch, 0).window().start()).isEqualTo(epoch);
        assertThat(CRON.judge(epoch.minusMillis(1), epoch.minusMillis(1), 0).window())
                .isEqualTo(new TickWindow(epoch.minusSeconds(2), epoch));
    }

    @Test
    void a_recovering_run_belongs_to_the_fire_it_recovers_and_is_never_missed_for_being_late() {
        FireTiming.Fire recovered = CRON.recovering(TICK, TICK.plusSeconds(11));

        assertThat(recovered.missed()).isFalse();
        assertThat(recovered.lateMillis()).isEqualTo(11_000);
        assertThat(recovered.window().start()).isEqualTo(TICK);
        assertThat(recovered.recovering()).isTrue();
        assertThat(CRON.judge(TICK, TICK.plusMillis(20), 0).recovering()).isFalse();
    }
}

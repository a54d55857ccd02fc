package lab.guard.shedlock;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import lab.protocol.BadFieldException;
import lab.protocol.Hold;
import lab.protocol.Knobs;
import lab.protocol.Mode;
import lab.protocol.ModeChange;
import lab.protocol.ModeSpec;
import net.javacrumbs.shedlock.core.ExtensibleLockProvider;
import net.javacrumbs.shedlock.core.LockConfiguration;
import net.javacrumbs.shedlock.support.KeepAliveLockProvider;
import org.junit.jupiter.api.Test;

/**
 * The knobs refuse what ShedLock refuses, before a worker would: each refusal beside ShedLock's own, so that the lab's
 * rule and the library's cannot drift apart unseen when ShedLock is upgraded.
 */
class ShedLockKnobsTest {
    private static final Mode SHEDLOCK = Mode.byName("shedlock").orElseThrow();
    private static final ModeSpec DEFAULTS = ModeSpec.defaults(SHEDLOCK);

    @Test
    void renew_under_a_thirty_second_lock_ttl_is_refused_by_the_renew_knob_as_keep_alive_refuses_it() {
        ModeChange change = ModeChange.of(Knobs.LOCK_TTL, Duration.ofSeconds(5)).and(Knobs.RENEW, true);

        assertThatThrownBy(() -> change.applyTo(DEFAULTS))
                .isInstanceOfSatisfying(
                        BadFieldException.class, e -> assertThat(e.field()).isEqualTo("renew"))
                .hasMessageContaining("KeepAliveLockProvider")
                .hasMessageContaining("lock-ttl is 5s")
                .hasMessageNotContaining("\n");
        ScheduledExecutorService threads = Executors.newSingleThreadScheduledExecutor();
        try {
            ExtensibleLockProvider never = config -> Optional.empty();
            assertThatThrownBy(() -> new KeepAliveLockProvider(never, threads)
                            .lock(new LockConfiguration(Instant.now(), "tick", Duration.ofSeconds(5), Duration.ZERO)))
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("shorter than PT30S");
        } finally {
            threads.shutdownNow();
        }
    }

    @Test
    void renew_with_a_lock_ttl_of_thirty_seconds_or_more_is_accepted() {
        ModeSpec s = ModeChange.of(Knobs.LOCK_TTL, Duration.ofSeconds(30))
                .and(Knobs.RENEW, true)
                .applyTo(DEFAULTS);

        assertThat(s.get(Knobs.RENEW)).isTrue();
    }

    @Test
    void a_hold_longer_than_the_lock_ttl_is_refused_by_the_hold_knob_as_lock_configuration_refuses_it() {
        ModeChange change = ModeChange.of(Knobs.LOCK_TTL, Duration.ofSeconds(1))
                .and(Knobs.HOLD_AT_LEAST, Hold.of(Duration.ofSeconds(2)));

        assertThatThrownBy(() -> change.applyTo(DEFAULTS))
                .isInstanceOfSatisfying(
                        BadFieldException.class, e -> assertThat(e.field()).isEqualTo("hold-at-least"))
                .hasMessageContaining("lockAtLeastFor")
                .hasMessageContaining("is longer than lock-ttl 1s");
        assertThatThrownBy(() ->
                        new LockConfiguration(Instant.now(), "tick", Duration.ofSeconds(1), Duration.ofSeconds(2)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("lockAtLeastFor is longer than lockAtMostFor");
    }

    @Test
    void a_switch_that_sets_both_knobs_at_once_is_judged_on_where_it_ends_not_between_them() {
        ModeSpec shortLease = DEFAULTS.with(Knobs.LOCK_TTL, Duration.ofSeconds(1));

        ModeSpec s = ModeChange.of(Knobs.RENEW, true)
                .and(Knobs.LOCK_TTL, Duration.ofSeconds(45))
                .applyTo(shortLease);

        assertThat(s.get(Knobs.LOCK_TTL)).isEqualTo(Duration.ofSeconds(45));
    }

    @Test
    void a_hold_to_the_window_and_the_same_knobs_in_another_mode_are_accepted() {
        assertThatCode(() -> ModeChange.of(Knobs.LOCK_TTL, Duration.ofMillis(500))
                        .and(Knobs.HOLD_AT_LEAST, Hold.WINDOW)
                        .applyTo(DEFAULTS))
                .doesNotThrowAnyException();
        assertThatCode(() -> ModeChange.of(Knobs.LOCK_TTL, Duration.ofSeconds(5))
                        .and(Knobs.RENEW, true)
                        .applyTo(ModeSpec.defaults(Mode.REDIS)))
                .doesNotThrowAnyException();
    }

    @Test
    void a_switch_to_shedlock_carrying_a_short_lease_and_renew_from_redis_is_refused_naming_renew() {
        ModeSpec redis = ModeSpec.defaults(Mode.REDIS)
                .with(Knobs.LOCK_TTL, Duration.ofSeconds(2))
                .with(Knobs.RENEW, true);

        assertThatThrownBy(() -> ModeChange.to(SHEDLOCK).applyTo(redis))
                .isInstanceOfSatisfying(
                        BadFieldException.class, e -> assertThat(e.field()).isEqualTo("renew"));
    }
}

package lab.guard.redisson;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import lab.protocol.BadFieldException;
import lab.protocol.Hold;
import lab.protocol.Knobs;
import lab.protocol.Mode;
import lab.protocol.ModeChange;
import lab.protocol.ModeSpec;
import lab.servers.TestServers;
import org.junit.jupiter.api.Test;
import org.redisson.api.RLock;
import org.redisson.api.RScript;
import org.redisson.client.codec.StringCodec;

/**
 * The knobs refuse the one combination Redisson cannot honour, before a worker would run it: each refusal beside
 * Redisson's own behaviour, so that the lab's rule and the library's cannot drift apart unseen on an upgrade.
 */
class RedissonKnobsTest {
    private static final ModeSpec DEFAULTS =
            ModeSpec.defaults(Mode.byName("redisson").orElseThrow());

    @Test
    void a_hold_with_renew_on_is_refused_by_the_hold_knob_since_redissons_watchdog_would_renew_it_past_the_hold()
            throws Exception {
        ModeChange change = ModeChange.of(Knobs.RENEW, true).and(Knobs.HOLD_AT_LEAST, Hold.WINDOW);

        assertThatThrownBy(() -> change.applyTo(DEFAULTS))
                .isInstanceOfSatisfying(
                        BadFieldException.class, e -> assertThat(e.field()).isEqualTo("hold-at-least"))
                .hasMessageContaining("watchdog")
                .hasMessageContaining("unlock()")
                .hasMessageNotContaining("\n");

        // Redisson's side: a lock the watchdog renews (every 333 ms), left to expire 900 ms from now, is still held
        // two seconds later: a renewal came before that expiry and pushed it a lockWatchdogTimeout further, and so on.
        try (RedissonConnection c = RedissonConnection.open(
                TestServers.redis().url(), Duration.ofSeconds(1), "w1-1", "knobs-" + System.nanoTime())) {
            String name = "redisson-knobs-watchdog-" + System.nanoTime();
            RLock lock = c.client().getLock(name);
            assertThat(lock.tryLock(0, -1, TimeUnit.MILLISECONDS)).isTrue();
            String entry = c.id() + ":" + Thread.currentThread().getId();
            Object set = c.client()
                    .getScript(StringCodec.INSTANCE)
                    .eval(
                            RScript.Mode.READ_WRITE,
                            RedissonRelease.HEXISTS_AND_PEXPIREAT,
                            RScript.ReturnType.LONG,
                            List.<Object>of(name),
                            entry,
                            Long.toString(System.currentTimeMillis() + 900));
            assertThat(set).isEqualTo(1L);
            Thread.sleep(2_000); // past the expiry set by over a second: only a renewal keeps it
            assertThat(lock.isLocked())
                    .as("held after its expiry, renewed by the watchdog")
                    .isTrue();
            lock.unlock();
        }
    }

    @Test
    void a_hold_with_renew_off_and_renew_on_with_no_hold_are_accepted() {
        assertThat(ModeChange.of(Knobs.HOLD_AT_LEAST, Hold.WINDOW)
                        .applyTo(DEFAULTS)
                        .get(Knobs.HOLD_AT_LEAST))
                .isEqualTo(Hold.WINDOW);
        assertThat(ModeChange.of(Knobs.RENEW, true)
                        .and(RedissonMode.FENCE, true)
                        .applyTo(DEFAULTS)
                        .get(Knobs.RENEW))
                .isTrue();
    }
}

package lab.bench;

import static org.assertj.core.api.Assertions.assertThat;

import lab.protocol.Mode;
import org.junit.jupiter.api.Test;

/** The modes the bench costs come from their declarations: a lock on the lab's Redis or PostgreSQL, and naive. */
class ModeRunsTest {
    private static final Mode SHEDLOCK = Mode.byName("shedlock").orElseThrow();

    @Test
    void naive_comes_first_then_every_mode_whose_lock_is_on_a_server_shedlock_included() {
        assertThat(ModeRuns.costed())
                .startsWith(Mode.NAIVE)
                .contains(Mode.REDIS, Mode.POSTGRES, Mode.FENCED, SHEDLOCK)
                .doesNotContain(Mode.LOCAL_MUTEX, Mode.IDEMPOTENT, Mode.HOST_MUTEX)
                .doesNotHaveDuplicates();
    }

    @Test
    void a_lock_on_redis_is_set_against_ping_and_one_on_postgresql_against_select_1() {
        assertThat(ModeRuns.roundTrip(Mode.REDIS)).contains("PING");
        assertThat(ModeRuns.roundTrip(Mode.FENCED)).contains("PING");
        assertThat(ModeRuns.roundTrip(Mode.POSTGRES)).contains("SELECT 1");
        assertThat(ModeRuns.roundTrip(SHEDLOCK)).contains("SELECT 1");
        assertThat(ModeRuns.roundTrip(Mode.NAIVE)).isEmpty();
        assertThat(ModeRuns.roundTrip(Mode.IDEMPOTENT)).isEmpty();
    }
}

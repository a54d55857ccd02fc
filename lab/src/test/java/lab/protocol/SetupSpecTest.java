package lab.protocol;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class SetupSpecTest {
    @Test
    void the_setup_holds_every_knob_that_is_not_live_and_refuses_a_live_one() {
        SetupSpec setup = SetupSpec.defaults().with(Knobs.WORKERS, 3);

        assertThat(setup.get(Knobs.WORKERS)).isEqualTo(3);
        assertThat(setup.get(Knobs.SERVERS)).isEqualTo(Knobs.SERVERS.defaultValue());
        assertThatThrownBy(() -> setup.with(Knobs.WORKERS, 0)).isInstanceOf(BadFieldException.class);
        assertThat(setup.noWorkersOfItsOwn().get(Knobs.WORKERS)).isZero();
        assertThatThrownBy(() -> setup.get(Knobs.LOCK_TTL)).hasMessageContaining("lock-ttl is live");
    }
}

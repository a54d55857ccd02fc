package lab.bench;

import static org.assertj.core.api.Assertions.assertThat;

import lab.protocol.Mode;
import org.junit.jupiter.api.Test;

class ShippedModesTest {
    @Test
    void a_mode_of_the_test_sources_is_not_shipped_and_the_labs_own_are() {
        assertThat(Mode.byName("one-node"))
                .hasValueSatisfying(m -> assertThat(ShippedModes.isShipped(m)).isFalse());
        assertThat(Mode.byName("quartz-cluster"))
                .hasValueSatisfying(m -> assertThat(ShippedModes.isShipped(m)).isTrue());
    }
}

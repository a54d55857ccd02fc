package lab.protocol;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ModeSpecTest {
    @Test
    void a_spec_holds_every_live_knob_by_its_declaration_and_writes_them_in_the_declarations_order() {
        ModeSpec spec = ModeSpec.defaults(Mode.REDIS).with(Knobs.LOCK_TTL, Duration.ofSeconds(2));

        assertThat(spec.get(Knobs.LOCK_TTL)).isEqualTo(Duration.ofSeconds(2));
        assertThat(spec.get(Knobs.RELEASE)).isEqualTo(Knobs.RELEASE.defaultValue());
        assertThat(spec.toMap().keySet())
                .containsExactlyElementsOf(Knobs.live().stream().map(Knob::name).toList());
        assertThat(spec.toMap()).containsEntry("mode", "redis").containsEntry("lock-ttl", "2s");
        assertThat(ModeSpec.defaults(Mode.NAIVE).merge(spec.toMap())).isEqualTo(spec);
    }

    @Test
    void a_value_out_of_bounds_or_a_knob_that_is_not_live_is_refused_by_name() {
        ModeSpec spec = ModeSpec.defaults(Mode.REDIS);

        assertThatThrownBy(() -> spec.with(Knobs.LOCK_TTL, Duration.ZERO))
                .isInstanceOf(BadFieldException.class)
                .hasMessageContaining("lock-ttl");
        assertThatThrownBy(() -> spec.get(Knobs.WORKERS)).hasMessageContaining("workers is not a knob of the mode");
        assertThatThrownBy(() -> spec.merge(Map.of("workers", "3")))
                .isInstanceOf(BadFieldException.class)
                .hasMessageContaining("not a live knob");
    }
}

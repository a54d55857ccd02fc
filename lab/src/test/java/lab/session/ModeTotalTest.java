package lab.session;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import lab.check.Figures;
import org.junit.jupiter.api.Test;

class ModeTotalTest {
    private static final Figures ONE = new Figures(1, 1, 0, 0, 0, 0, List.of(1));
    private static final Figures TWICE = new Figures(1, 2, 1, 1, 0, 0, List.of(2));

    @Test
    void a_mode_visited_again_adds_to_its_line_and_keeps_the_order_of_first_visits() {
        List<ModeTotal> t = ModeTotal.plus(List.of(), "naive", TWICE);
        t = ModeTotal.plus(t, "redis", ONE);
        t = ModeTotal.plus(t, "naive", ONE);

        assertThat(t).extracting(ModeTotal::mode).containsExactly("naive", "redis");
        assertThat(t.get(0).figures()).isEqualTo(TWICE.plus(ONE));
        assertThat(t.get(1).figures()).isEqualTo(ONE);
    }
}

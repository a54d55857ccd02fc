package lab.scenario;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Collections;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import lab.check.Figures;
import lab.protocol.Lang;
import org.junit.jupiter.api.Test;

/**
 * A verdict's Chinese line says what its English line says: "in every tick" only for a per-tick figure, how many
 * windows were off, and where a long list of windows is cut short.
 */
class ExpectationInChineseTest {
    private static Expectation expect(Figure f, String comparison) {
        return new Expectation(f, Comparison.parse(comparison).orElseThrow(), 1, 1);
    }

    private static Figures windows(Integer... rows) {
        List<Integer> perTick = List.of(rows);
        int sum = perTick.stream().mapToInt(Integer::intValue).sum();
        return new Figures(perTick.size(), sum, 0, 0, 0, 0, perTick);
    }

    @Test
    void only_a_per_tick_figure_says_every_tick_in_chinese() {
        Figures one = windows(1, 1, 1);

        assertThat(expect(Figure.ROWS_PER_TICK, "1").judge(one).line(Lang.ZH)).contains("每个 tick");
        assertThat(expect(Figure.ROWS, "3").judge(one).line(Lang.ZH)).doesNotContain("每个 tick");
    }

    @Test
    void the_chinese_line_counts_the_windows_that_were_off_and_says_nothing_of_it_when_none_were() {
        Verdict off = expect(Figure.ROWS_PER_TICK, "1").judge(windows(1, 2, 2));
        Verdict none = expect(Figure.ROWS_PER_TICK, "1").judge(windows(1, 1, 1));

        assertThat(off.line(Lang.ZH)).contains("2 个不符");
        assertThat(off.line(Lang.EN)).contains("2 off");
        assertThat(none.line(Lang.ZH)).doesNotContain("不符");
        assertThat(none.line(Lang.EN)).doesNotContain("off");
    }

    @Test
    void a_per_tick_figure_over_ticks_with_no_window_counted_has_nothing_to_judge() {
        Figures noWindows = new Figures(3, 3, 0, 0, 0, 0, Collections.emptyList());

        Verdict v = expect(Figure.ROWS_PER_TICK, "1").judge(noWindows);

        assertThat(v.passed()).isFalse();
        assertThat(v.line(Lang.EN)).contains("nothing to judge");
    }

    @Test
    void a_list_of_windows_is_cut_short_only_past_the_windows_it_shows() {
        // How many it shows is read from a long list, not copied from the code: then that many, and one more.
        int many = 40;
        String longLine = judgedOnes(many);
        Matcher m = Pattern.compile("\\+(\\d+) more").matcher(longLine);
        assertThat(m.find()).as(longLine).isTrue();
        int shown = many - Integer.parseInt(m.group(1));

        assertThat(judgedOnes(shown)).doesNotContain("more");
        assertThat(judgedOnes(shown + 1)).contains("+1 more");
    }

    private static String judgedOnes(int windows) {
        Integer[] ones = Collections.nCopies(windows, 1).toArray(Integer[]::new);
        return expect(Figure.ROWS_PER_TICK, "1").judge(windows(ones)).line(Lang.EN);
    }
}

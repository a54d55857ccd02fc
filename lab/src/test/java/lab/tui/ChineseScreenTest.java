package lab.tui;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import lab.check.Cause;
import lab.check.Finding;
import lab.session.ScenarioView;
import lab.session.WorkerView;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The dashboard in Chinese on Lanterna's virtual terminal: every label, the key bar, the help, the verdicts and the
 * why line in Chinese, and the columns still in line. A Chinese character takes two terminal cells; a panel that
 * counted it as one would push every column after it one cell right per character.
 */
class ChineseScreenTest {

    private static SnapshotFixture busy() {
        SnapshotFixture f = SnapshotFixture.withWorkers(0);
        f.workers.add(new WorkerView("w1", 4241, 40001, "up", "naive", "executed", 5, 0, 0, true, false));
        f.workers.add(new WorkerView("w2", 4242, 40002, "paused", "redis", "skipped", 3, 7, 1, false, false));
        f.workers.add(new WorkerView("w3", 4243, 40003, "killed", "naive", "error", 0, 0, 2, false, false));
        f.workers.add(new WorkerView("w4", 4244, 40004, "starting", "naive", "none", 0, 0, 0, false, false));
        f.tick(0, "naive", 3).tick(2, "redis", 1).tick(4, "naive", 2);
        f.total("naive", 6, 2, 3, 4).total("redis", 3, 0, 0, 0);
        f.naiveTimeline(20);
        f.events.add("10:34:18.002 w3 executed tick 10:34:18");
        f.explanations = List.of(new Finding(
                Finding.Kind.DUPLICATE,
                SnapshotFixture.T0,
                Cause.LEASE_EXPIRED,
                "tick 10:34:18 ran twice: w1's lease ran out at 10:34:19.001 while it was still in the job"));
        f.scenario = new ScenarioView(
                "一个 worker：没有重复",
                "和第 1 课一样的代码，没有任何保护，只是用一个 worker 启动，就像在开发者自己的笔记本上。",
                2,
                9,
                List.of(
                        "通过 rows_per_tick：期望每个 tick 都 1，实际 [1 1 1]（共 3 个 tick）",
                        "未通过 duplicate_ticks：期望 0，实际 2（共 6 个 tick）"),
                false);
        return f;
    }

    @ParameterizedTest(name = "{0}x{1}")
    @CsvSource({"80, 24", "120, 40"})
    void in_chinese_every_panel_shows_its_chinese_title_and_the_key_bar_speaks_chinese(int columns, int rows) {
        Rendered screen = Rendered.render(busy().build(), Rendered.COLOUR_UTF8_ZH, columns, rows, false);

        assertThat(screen.text())
                .as(screen.text())
                .contains("模式", "状态", "counter 表，最新的行", "锁：", "时间线", "事件", "场景：一个 worker", "? 帮助", "q 退出");
        assertThat(screen.text()).contains("原因：lease-expired（租约（TTL）比任务短");
    }

    @Test
    void in_chinese_the_why_line_at_80x24_gives_the_findings_chinese_sentence_not_its_english() {
        SnapshotFixture f = busy();
        f.explanations = List.of(new Finding(
                Finding.Kind.DUPLICATE,
                SnapshotFixture.T0,
                Cause.NO_LOCK,
                "tick 10:34:18 ran twice: w1 and w3 each ran it without a lock shared between processes (mode naive)",
                "tick 10:34:18 跑了两次：w1 和 w3 各自跑了它，没有跨进程共享的锁（模式 naive）"));

        Rendered zh = Rendered.render(f.build(), Rendered.COLOUR_UTF8_ZH, 80, 24, false);
        Rendered en = Rendered.render(f.build(), Rendered.COLOUR_UTF8, 80, 24, false);

        // Wrapped at any character, so read across the lines, blanks aside.
        assertThat(zh.text().replaceAll("\\s", ""))
                .as(zh.text())
                .contains("原因：no-lock（")
                .contains("tick10:34:18跑了两次：w1和w3各自跑了它，没有跨进程共享的锁（模式naive）")
                .doesNotContain("eachranit");
        assertThat(en.text().replaceAll("\\s", ""))
                .as(en.text())
                .contains("w1andw3eachranitwithoutalocksharedbetweenprocesses(modenaive)");
    }

    @ParameterizedTest(name = "{0}x{1}")
    @CsvSource({"80, 24", "120, 40"})
    void in_chinese_each_worker_column_starts_in_the_cell_its_header_does(int columns, int rows) {
        Rendered screen = Rendered.render(busy().build(), Rendered.COLOUR_UTF8_ZH, columns, rows, false);
        int header = row(screen, " id ");
        List<String> states = List.of("运行", "已暂停", "已杀掉", "启动中");
        List<String> outcomes = List.of("执行", "跳过", "出错", "无");

        for (int i = 0; i < 4; i++) {
            int y = header + 1 + i;
            assertThat(screen.cellColumn(y, states.get(i)))
                    .as("w%d's state on:\n%s", i + 1, screen)
                    .isEqualTo(screen.cellColumn(header, "状态"));
            // The outcome follows the state and the mode: a state's width miscounted moves it.
            assertThat(screen.cellColumn(y, outcomes.get(i) + " "))
                    .as("w%d's outcome on:\n%s", i + 1, screen)
                    .isEqualTo(screen.cellColumn(header, "上次"));
        }
        assertThat(screen.cellColumn(header + 1, "持有")).as("the lock column").isEqualTo(screen.cellColumn(header, "锁"));
    }

    @ParameterizedTest(name = "{0}x{1}")
    @CsvSource({"80, 24", "120, 40"})
    void in_chinese_the_duplicate_marks_and_the_rule_beside_the_table_stay_in_one_column(int columns, int rows) {
        Rendered screen = Rendered.render(busy().build(), Rendered.COLOUR_UTF8_ZH, columns, rows, false);

        List<Integer> marks = new ArrayList<>();
        List<Integer> rules = new ArrayList<>();
        for (int y = 0; y < screen.lines().size(); y++) {
            int mark = screen.cellColumn(y, "DUP ");
            if (mark >= 0) {
                marks.add(mark);
            }
            if (screen.lines().get(y).contains("│")) {
                rules.add(screen.cellColumn(y, "│"));
            }
        }
        assertThat(marks).as("DUP marks on:\n%s", screen).hasSizeGreaterThanOrEqualTo(2);
        assertThat(marks.stream().distinct()).as("DUP marks' columns").hasSize(1);
        assertThat(rules).as("rule rows").isNotEmpty();
        assertThat(rules.stream().distinct())
                .as("the rule's columns on:\n%s", screen)
                .hasSize(1);
    }

    @ParameterizedTest(name = "{0}x{1}")
    @CsvSource({"80, 24", "120, 40"})
    void in_chinese_no_line_runs_past_the_screen_and_the_totals_line_up_under_their_headers(int columns, int rows) {
        Rendered screen = Rendered.render(busy().build(), Rendered.COLOUR_UTF8_ZH, columns, rows, false);

        assertThat(screen.lines())
                .allSatisfy(l -> assertThat(Pen.cells(l)).as("cells of '%s'", l).isLessThanOrEqualTo(columns));
        int header = row(screen, "多写");
        // Right-aligned figures: each ends in the cell where its header ends.
        int dupEnd = screen.cellColumn(header, "重复") + Pen.cells("重复");
        int naive = header + 1;
        assertThat(screen.cellColumn(naive, " 2 ") + 2)
                .as("naive's dup on:\n%s", screen)
                .isEqualTo(dupEnd);
    }

    @Test
    void in_chinese_the_help_box_lists_every_key_in_chinese_inside_its_border() {
        Rendered screen = Rendered.render(busy().build(), Rendered.COLOUR_UTF8_ZH, 80, 24, true);

        assertThat(screen.text())
                .as(screen.text())
                .contains("按键", "加一个 worker", "停止 / 启动 Redis", "清空 counter 表", "R=执行 s=跳过");
        List<Integer> right = new ArrayList<>();
        for (int y = 0; y < screen.lines().size(); y++) {
            String l = screen.lines().get(y);
            int last = l.lastIndexOf('│');
            if (last > l.indexOf('│') && l.indexOf('│') >= 0) {
                right.add(Pen.cells(l.substring(0, last)));
            }
        }
        assertThat(right).as("the box's right border on:\n%s", screen).isNotEmpty();
        assertThat(right.stream().distinct()).as("the box's right border").hasSize(1);
    }

    @Test
    void a_chinese_caption_wraps_at_characters_within_the_width_in_cells_and_loses_none() {
        String caption = "和第 1 课一样的代码，没有任何保护，只是用一个 worker 启动，就像在开发者自己的笔记本上。".repeat(2);

        List<String> lines = CaptionBar.captionLines(caption, 40);

        assertThat(lines).hasSize(5).allSatisfy(l -> assertThat(Pen.cells(l)).isLessThanOrEqualTo(40));
        assertThat(Pen.cells(lines.get(0))).as("the first line is full").isGreaterThanOrEqualTo(38);
        assertThat(String.join("", lines).replace(" ", "")).isEqualTo(caption.replace(" ", ""));
    }

    @Test
    void the_same_snapshot_in_english_has_no_chinese_on_it() {
        SnapshotFixture f = busy();
        f.scenario = new ScenarioView("t", "c", 1, 2, List.of("PASS rows: expected 1, got 1"), false);

        Rendered screen = Rendered.render(f.build(), Rendered.COLOUR_UTF8, 120, 40, false);

        assertThat(screen.text())
                .as(screen.text())
                .contains("state", "Counter table")
                .doesNotContainPattern("\\p{IsHan}");
    }

    private static int row(Rendered screen, String fragment) {
        List<String> lines = screen.lines();
        for (int y = 0; y < lines.size(); y++) {
            if (lines.get(y).contains(fragment)) {
                return y;
            }
        }
        throw new AssertionError("'" + fragment + "' is not on screen:\n" + screen);
    }

    static Instant t0() {
        return SnapshotFixture.T0;
    }
}

package lab.replay;

import static lab.replay.ReplayScreenTest.LESSON_12;
import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import lab.protocol.Lang;
import org.junit.jupiter.api.Test;

/**
 * A replay's {@code ?} box lists the replay's own keys, not the live lab's, and a Chinese screen speaks Chinese in
 * the replay's banner, its help and its refusals, as the live dashboard does under {@code --lang zh}.
 */
class ReplayHelpTest {

    @Test
    void the_help_box_of_a_replay_lists_its_own_keys_and_says_live_keys_are_refused() throws Exception {
        try (ReplayScreen replay = new ReplayScreen(LESSON_12)) {
            replay.press('.');
            String help = replay.press('?');
            assertThat(help)
                    .contains("Replay keys")
                    .contains("space pause / play")
                    .contains(".  one tick forward")
                    .contains(",  one tick back")
                    .contains("[  half the speed")
                    .contains("]  twice the speed")
                    .contains("g  the next duplicate or missed tick")
                    .contains("q  quit")
                    .contains("Live keys (modes, faults, workers, knobs) are refused")
                    // The live box's keys, which do nothing here, are not offered.
                    .doesNotContain("kill -9")
                    .doesNotContain("stop / start Redis");
            assertThat(replay.press('?')).doesNotContain("Replay keys");
        }
    }

    @Test
    void on_a_chinese_screen_the_banner_help_and_refusals_are_chinese() throws Exception {
        try (ReplayScreen replay = new ReplayScreen(LESSON_12, Lang.ZH)) {
            String landed = replay.press('g');
            assertThat(landed)
                    .contains("回放 1x 已暂停")
                    .contains("原因 1/")
                    .contains("存储 按录制")
                    .doesNotContain("REPLAY");
            Matcher banner = Pattern.compile("第 (\\d+) / \\d+ 个 tick").matcher(landed);
            assertThat(banner.find()).as("the banner's tick in %s", landed).isTrue();
            long tick = Long.parseLong(banner.group(1));
            String stepped = replay.press('.');
            assertThat(stepped).contains("第 " + (tick + 1) + " / ").contains("个 tick");
            Instant at = replay.player.position();
            String refused = replay.press('k');
            assertThat(refused).contains("回放不能杀掉 worker：它只播放录制").doesNotContain("a replay cannot");
            assertThat(replay.press('3')).contains("回放不能切换到模式");
            assertThat(replay.player.position()).isEqualTo(at);
            String help = replay.press('?');
            assertThat(help)
                    .contains("回放按键")
                    .contains("前进一个 tick")
                    .contains("会被拒绝")
                    .doesNotContain("Replay keys");
        }
    }
}

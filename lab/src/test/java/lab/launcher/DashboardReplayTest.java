package lab.launcher;

import static org.assertj.core.api.Assertions.assertThat;

import com.googlecode.lanterna.TerminalSize;
import com.googlecode.lanterna.input.KeyStroke;
import com.googlecode.lanterna.terminal.virtual.DefaultVirtualTerminal;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.time.ZoneId;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import lab.protocol.Lang;
import lab.protocol.ServerSource;
import lab.protocol.Store;
import lab.runs.DashboardRun;
import lab.runs.ScenarioDriver;
import lab.scenario.ScenarioParser;
import lab.tui.Dashboard;
import lab.tui.Glyphs;
import lab.tui.Look;
import lab.tui.VirtualScreen;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A scenario replayed in the dashboard, on Lanterna's virtual terminal: captions, progress and verdicts on screen. */
class DashboardReplayTest {
    @TempDir
    Path dir;

    @Test
    void a_replay_in_the_dashboard_shows_its_captions_its_progress_and_its_verdicts() throws Exception {
        DefaultVirtualTerminal terminal = new DefaultVirtualTerminal(new TerminalSize(110, 36));
        Look look = new Look(false, Glyphs.forCharset(StandardCharsets.UTF_8), ZoneId.systemDefault());
        ScenarioDriver driver =
                new ScenarioDriver(ScenarioParser.parse(Path.of("..", "scenarios", "06-single-worker.yaml")), 1);
        LabSettings settings = new LabSettings(
                1,
                driver.scenario().setup().hosts(),
                driver.scenario().setup().spec(),
                driver.scenario().setup().every(),
                driver.scenario().setup().trigger(),
                driver.scenario().setup().jitter(),
                null,
                null,
                dir,
                "tick",
                Store.H2,
                null,
                null,
                ServerSource.AUTO,
                java.util.List.of());
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        DashboardRun run = new DashboardRun(
                settings, new Dashboard(terminal, look), new PrintStream(out, true, StandardCharsets.UTF_8), driver);

        CompletableFuture<Integer> code = CompletableFuture.supplyAsync(run::run);

        String caption = await(terminal, s -> s.contains("as on a developer's laptop"), Duration.ofSeconds(60));
        assertThat(caption).contains("One worker: no duplicates");
        String judged = await(terminal, s -> s.contains("PASS rows_per_tick"), Duration.ofSeconds(60));
        assertThat(judged).contains("PASS duplicate_ticks");
        await(terminal, s -> s.contains("Scenario complete: every expectation held."), Duration.ofSeconds(30));

        terminal.addInput(new KeyStroke('q', false, false));
        await(terminal, s -> s.contains("Quit the lab?"), Duration.ofSeconds(10));
        terminal.addInput(new KeyStroke('y', false, false));
        assertThat(code.get(60, TimeUnit.SECONDS)).isZero();
        assertThat(out.toString(StandardCharsets.UTF_8)).contains("verdict: PASS");
    }

    @Test
    void a_replay_in_chinese_on_an_80x24_screen_shows_the_chinese_captions_and_verdicts() throws Exception {
        DefaultVirtualTerminal terminal = new DefaultVirtualTerminal(new TerminalSize(80, 24));
        Look look = new Look(false, Glyphs.forCharset(StandardCharsets.UTF_8), ZoneId.systemDefault(), Lang.ZH);
        ScenarioDriver driver = new ScenarioDriver(
                ScenarioParser.parse(Path.of("..", "scenarios", "06-single-worker.yaml")), 1, false, Lang.ZH);
        LabSettings settings = LabSettings.of(
                1, driver.scenario().setup().spec(), driver.scenario().setup().every(), dir);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        DashboardRun run = new DashboardRun(
                settings, new Dashboard(terminal, look), new PrintStream(out, true, StandardCharsets.UTF_8), driver);

        CompletableFuture<Integer> code = CompletableFuture.supplyAsync(run::run);

        String caption = await(terminal, s -> s.contains("就像在开发者自己的笔"), Duration.ofSeconds(60));
        assertThat(caption).contains("场景：一个 worker：没有重复", "? 帮助");
        await(terminal, s -> s.contains("通过 rows_per_tick：期望每个 tick 都 1"), Duration.ofSeconds(60));
        await(terminal, s -> s.contains("场景结束：每一项期望都成立。"), Duration.ofSeconds(30));

        terminal.addInput(new KeyStroke('q', false, false));
        await(terminal, s -> s.contains("退出实验？"), Duration.ofSeconds(10));
        terminal.addInput(new KeyStroke('y', false, false));
        assertThat(code.get(60, TimeUnit.SECONDS)).isZero();
        // The log keeps its machine-readable last line in English, whatever the screen spoke.
        assertThat(out.toString(StandardCharsets.UTF_8)).contains("verdict: PASS");
    }

    private static String await(DefaultVirtualTerminal terminal, Predicate<String> ready, Duration timeout)
            throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        String screen = "";
        while (System.nanoTime() < deadline) {
            screen = VirtualScreen.text(terminal);
            if (ready.test(screen)) {
                return screen;
            }
            Thread.sleep(100);
        }
        throw new AssertionError("the screen did not get there in " + timeout + "; last screen:\n" + screen);
    }
}

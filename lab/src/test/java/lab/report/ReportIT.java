package lab.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code ./run.sh report} on sessions the lab really recorded — a short headless naive run and a short scenario —
 * then the page opened in a real headless browser (Debian's chromium): the DOM after load must show a lane per
 * worker, every duplicate tick marked with the explainer's sentence, the scenario's verdicts, and the save button's
 * script run. Skipped, saying so, only where no chromium can be found.
 */
class ReportIT {
    private static final Path REPO = Path.of("..").toAbsolutePath().normalize();
    private static final Pattern MARK = Pattern.compile(
            "<g class=\"mark duplicate\" id=\"(D\\d+)\"[^>]*data-cause=\"([a-z-]+)\"[^>]*><title>([^<]*)</title>");

    @TempDir
    static Path dir;

    private static String browser;

    @BeforeAll
    static void find_a_browser() {
        browser = Stream.of("chromium", "chromium-browser", "google-chrome")
                .map(ReportIT::onPath)
                .flatMap(Optional::stream)
                .findFirst()
                .orElse(null);
        // Under CI the browser is installed by .ci/run, which stops when it cannot install it.
        if (browser == null && "true".equals(System.getenv("CI"))) {
            throw new AssertionError("no chromium on PATH under CI: .ci/run installs it");
        }
        Assumptions.assumeTrue(
                browser != null,
                "no chromium on PATH (apt-get install chromium): the report's browser test needs a real browser");
    }

    @Test
    void a_headless_naive_run_reports_a_lane_per_worker_and_each_duplicate_tick_with_its_cause() throws Exception {
        Path runs = dir.resolve("headless");
        String out = lab(
                runs,
                "--headless",
                "--workers",
                "3",
                "--mode",
                "naive",
                "--every",
                "1s",
                "--task-time",
                "200ms",
                "--duration",
                "3s");
        String dom = report(only(runs), out, "report-headless");

        for (String w : List.of("w1", "w2", "w3")) {
            assertThat(dom).as("a lane for %s", w).contains("data-worker=\"" + w + "\"");
        }
        assertThat(dom).doesNotContain("data-worker=\"w4\"");
        Matcher m = MARK.matcher(dom);
        int marks = 0;
        while (m.find()) {
            marks++;
            assertThat(m.group(2)).as("mark %s's cause", m.group(1)).isEqualTo("no-lock");
            // Two runs or three: a fire a loaded machine delays past half a period is dropped, and the tick still ran
            // twice; the mark names the runs it had either way.
            assertThat(m.group(3))
                    .as("mark %s's explanation", m.group(1))
                    .matches(
                            m.group(1) + ": tick \\d\\d:\\d\\d:\\d\\d ran [23] times \\(w\\d(, w\\d){1,2}\\): .*without"
                                    + " a lock shared between processes \\(mode naive\\)");
        }
        // A bound: a tick loses its duplicate only if two of its three fires were dropped as late.
        assertThat(marks).as("duplicate marks, one per counted tick:%n%s", out).isGreaterThanOrEqualTo(2);
        assertThat(dom).contains("<li class=\"finding duplicate\" data-cause=\"no-lock\"");
        assertThat(dom).contains("<td data-figure=\"duplicate_ticks\">" + marks + "</td>");
        assertThat(dom).as("the save button's script ran").contains("data-ready=\"true\"");
    }

    @Test
    void a_scenario_run_reports_its_captions_and_verdicts() throws Exception {
        Path scenario = dir.resolve("two-workers.yaml");
        Files.writeString(
                scenario,
                """
                title: "Two workers, no guard"
                setup: { workers: 2, mode: naive, every: 1s, task-time: 200ms }
                steps:
                  - say: "Two workers, no lock: every tick runs twice."
                  - wait: 3s
                  - expect: { duplicate_ticks: "> 0", cause: no-lock }
                """);
        Path runs = dir.resolve("scenario");
        String out = lab(runs, "--scenario", scenario.toString(), "--headless");
        assertThat(out).contains("verdict: PASS");
        String dom = report(only(runs), out, "report-scenario");

        assertThat(dom).contains("data-worker=\"w1\"", "data-worker=\"w2\"");
        assertThat(dom).containsPattern("<g class=\"caption\" data-label=\"C1\"><title>C1: Two workers, no lock");
        assertThat(dom)
                .containsPattern("<g class=\"verdict pass\" data-label=\"V1\"><title>V1: PASS duplicate_ticks:"
                        + " expected &gt; 0");
        assertThat(dom).contains("<li class=\"verdict pass\">", "2 of 2 expectations held.");
        assertThat(MARK.matcher(dom).find()).as("a duplicate mark").isTrue();
    }

    /** Runs the lab as a user does, its run folders under {@code runs}; answers what it printed. */
    private static String lab(Path runs, String... args) throws Exception {
        List<String> command =
                new java.util.ArrayList<>(List.of(REPO.resolve("run.sh").toString()));
        command.addAll(List.of(args));
        command.addAll(List.of("--runs-dir", runs.toString()));
        Result r = run(command, 3);
        assertThat(r.code()).as("%s exit code:%n%s", command, r.out()).isZero();
        return r.out();
    }

    private static Path only(Path runs) throws Exception {
        try (Stream<Path> s = Files.list(runs)) {
            List<Path> all = s.toList();
            assertThat(all).as("run folders in %s", runs).hasSize(1);
            return all.get(0);
        }
    }

    /** {@code ./run.sh report}, then the page's DOM as the browser has it after load (and a screenshot beside it). */
    private static String report(Path run, String labOut, String name) throws Exception {
        Result r = run(List.of(REPO.resolve("run.sh").toString(), "report", run.toString()), 1);
        assertThat(r.code()).as("report exit code:%n%s", r.out()).isZero();
        Path html = run.resolve("report.html");
        assertThat(r.out().trim()).endsWith(html.toString());
        // The browser sandbox needs user namespaces a container (or root) may not have; the page is our own file.
        List<String> chromium = List.of(browser, "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars");
        Result dom = run(concat(chromium, "--dump-dom", html.toUri().toString()), 1);
        assertThat(dom.code()).as("%s --dump-dom:%n%s", browser, dom.err()).isZero();
        Path png = Path.of("target", name + ".png").toAbsolutePath();
        run(
                concat(
                        chromium,
                        "--window-size=1400,1000",
                        "--screenshot=" + png,
                        html.toUri().toString()),
                1);
        Files.writeString(Path.of("target", name + ".txt"), labOut);
        return dom.out();
    }

    private static List<String> concat(List<String> a, String... more) {
        List<String> all = new java.util.ArrayList<>(a);
        all.addAll(List.of(more));
        return all;
    }

    record Result(int code, String out, String err) {}

    private static Result run(List<String> command, int minutes) throws Exception {
        Path out = Files.createTempFile(dir, "out", ".txt");
        Path err = Files.createTempFile(dir, "err", ".txt");
        Process p = new ProcessBuilder(command)
                .directory(dir.toFile())
                .redirectOutput(out.toFile())
                .redirectError(err.toFile())
                .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")))
                .start();
        if (!p.waitFor(minutes, TimeUnit.MINUTES)) {
            p.descendants().forEach(ProcessHandle::destroyForcibly);
            p.destroyForcibly();
            throw new AssertionError(command + " did not end within " + minutes + " min: "
                    + Files.readString(out, StandardCharsets.UTF_8) + Files.readString(err, StandardCharsets.UTF_8));
        }
        String o = Files.readString(out, StandardCharsets.UTF_8);
        String e = Files.readString(err, StandardCharsets.UTF_8);
        return new Result(p.exitValue(), o + (p.exitValue() == 0 ? "" : e), e);
    }

    private static Optional<String> onPath(String name) {
        String path = System.getenv("PATH");
        if (path == null) {
            return Optional.empty();
        }
        return Stream.of(path.split(File.pathSeparator))
                .map(d -> Path.of(d, name))
                .filter(Files::isExecutable)
                .map(Path::toString)
                .findFirst();
    }
}

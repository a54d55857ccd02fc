package lab.runs;

import com.fasterxml.jackson.jr.ob.JSON;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import lab.launcher.Lab;
import lab.launcher.LabSettings;
import lab.launcher.StartSkews;
import lab.protocol.Lang;
import lab.scenario.Scenario;
import lab.tui.ConsoleTerminal;
import lab.tui.Dashboard;
import lab.tui.Glyphs;
import lab.tui.Look;

/**
 * Which kind of run a command line starts: the dashboard when there is a terminal (with a scenario's captions when
 * one is replayed), else a scenario replayed headless, else a headless run — for a minute unless told otherwise.
 */
public final class Runs {
    /** How long a headless run lasts when no {@code --duration} says. */
    static final Duration HEADLESS = Duration.ofMinutes(1);

    private Runs() {}

    /**
     * Runs the lab as asked and returns the exit code ({@link ExitCode}).
     *
     * @param lang {@code --lang}, or null: then the dashboard speaks the locale's language, and a headless run, whose
     *     lines are a log that CI and bug reports quote, English
     */
    public static int start(
            LabSettings settings,
            ScenarioDriver driver,
            boolean headless,
            boolean noColor,
            Lang lang,
            PrintStream out,
            PrintStream err) {
        if (driver != null && driver.scenario().requires().contains(Scenario.NETNS)) {
            Optional<String> whyNot = Lab.whyNoHostNetworks(settings);
            if (whyNot.isPresent()) {
                return skip(settings, driver, "network namespaces (requires: netns): " + whyNot.get(), out);
            }
        }
        Optional<String> noFakeTime = StartSkews.whyNot();
        if (driver != null && driver.scenario().requires().contains(Scenario.FAKETIME)) {
            if (noFakeTime.isPresent()) {
                return skip(settings, driver, "a skewed clock (requires: faketime): " + noFakeTime.get(), out);
            }
        }
        if (!settings.skews().isEmpty() && noFakeTime.isPresent()) {
            // Before any server or worker starts: the run asked for something this machine cannot give.
            err.println("error: --skew: " + noFakeTime.get());
            return ExitCode.START_FAILED;
        }
        if (!headless) {
            Optional<String> whyNot = ConsoleTerminal.whyNot();
            if (whyNot.isEmpty()) {
                try {
                    Lang screen = readable(lang != null ? lang : Lang.fromLocale(System.getenv()), err);
                    Optional<Dashboard> dashboard = Dashboard.openIfTerminal(Look.fromEnvironment(noColor, screen));
                    if (dashboard.isPresent()) {
                        if (driver != null) {
                            driver.speak(screen);
                        }
                        return new DashboardRun(settings, dashboard.get(), out, driver).run();
                    }
                } catch (IOException e) {
                    whyNot = Optional.of("the terminal could not be opened: " + e.getMessage());
                }
            }
            err.println("no dashboard: " + whyNot.orElse("no text terminal") + "; running headless instead");
        }
        if (driver != null) {
            driver.speak(readable(lang != null ? lang : Lang.EN, err));
            return new ScenarioRun(settings, driver, out, err).run();
        }
        return new HeadlessRun(settings.duration() == null ? settings.runningFor(HEADLESS) : settings, out, err).run();
    }

    /**
     * Chinese where the output takes it; where it takes ASCII only, English, with one line saying why. Every caption
     * and label has its English twin (a scenario must give one), which reads there in full; Chinese would come out as
     * a row of escapes.
     */
    static Lang readable(Lang asked, PrintStream err) {
        if (asked == Lang.ZH && !Glyphs.forThisProcess().unicode()) {
            err.println("language zh: this locale's output takes ASCII only (no UTF-8 in LC_ALL, LC_CTYPE or LANG);"
                    + " English instead");
            return Lang.EN;
        }
        return asked;
    }

    /**
     * A scenario that needs what this machine cannot give: one line, the summary saying so, exit 0. Never a pass and
     * never a failure: the tests report it as skipped.
     */
    private static int skip(LabSettings settings, ScenarioDriver driver, String reason, PrintStream out) {
        out.println("scenario: " + driver.title() + " (" + driver.scenario().source() + ")");
        out.println("skipped: " + reason);
        if (settings.summaryJson() != null) {
            try {
                Files.writeString(settings.summaryJson(), JSON.std.asString(Map.of("skipped", reason)) + "\n");
            } catch (IOException e) {
                out.println("warning: the summary could not be written to " + settings.summaryJson() + ": "
                        + e.getMessage());
            }
        }
        return ExitCode.FINISHED;
    }
}

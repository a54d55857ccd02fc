package lab.runs;

import java.io.IOException;
import java.io.PrintStream;
import java.time.Duration;
import java.util.Optional;
import lab.launcher.LabSettings;
import lab.protocol.Lang;
import lab.tui.ConsoleTerminal;
import lab.tui.Dashboard;
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
        if (!headless) {
            Optional<String> whyNot = ConsoleTerminal.whyNot();
            if (whyNot.isEmpty()) {
                try {
                    Lang screen = lang != null ? lang : Lang.fromLocale(System.getenv());
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
            driver.speak(lang != null ? lang : Lang.EN);
            return new ScenarioRun(settings, driver, out, err).run();
        }
        return new HeadlessRun(settings.duration() == null ? settings.runningFor(HEADLESS) : settings, out, err).run();
    }
}

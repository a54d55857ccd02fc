package lab.examiner;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import javax.tools.ToolProvider;
import lab.guard.exam.ExamMode;
import lab.launcher.LabSettings;
import lab.os.SessionFolder;
import lab.protocol.Lang;
import lab.protocol.Modes;
import lab.runs.ExitCode;
import lab.runs.Runs;
import lab.runs.ScenarioDriver;
import lab.scenario.Scenario;
import lab.scenario.ScenarioException;
import lab.scenario.ScenarioParser;

/**
 * {@code ./run.sh exam FILE.java}: compiles the learner's lock, loads it into the worker JVMs as mode {@code exam}
 * (never into the launcher, which only names the mode), plays the battery of trials against it in one lab, headless
 * or on the dashboard, and prints the report card. Exit 0 every trial passed, 1 one failed, 2 the file or the command
 * line is wrong, 3 the lab could not start what the exam needs.
 */
public final class Exam {
    /**
     * What the command line asked.
     *
     * @param trials the trials to play, by name; empty: every trial of the battery
     */
    public record Options(
            Path file,
            Path battery,
            List<String> trials,
            boolean dashboard,
            Path json,
            Lang lang,
            boolean noColor,
            Path runsDir,
            String redisUrl,
            String pgUrl) {}

    private Exam() {}

    public static int run(Options o, PrintStream out, PrintStream err) {
        // Asked before the learner's file is read, and before LearnerSource (which names the compiler's own classes)
        // is loaded: a runtime without jdk.compiler, such as the container image's, gets one line.
        if (ToolProvider.getSystemJavaCompiler() == null) {
            err.println(LearnerSource.NO_COMPILER + System.getProperty("java.home") + " is a runtime only)");
            return ExitCode.START_FAILED;
        }
        try (SessionFolder session = SessionFolder.create()) {
            LearnerSource.Compiled compiled = LearnerSource.compile(o.file(), session.sub("exam-classes"));
            String lock = compiled.className().substring(compiled.className().lastIndexOf('.') + 1);
            // The workers load the class, from the mode their configuration carries; the launcher names the mode only.
            if (Modes.byName(ExamMode.NAME).isEmpty()) {
                Modes.register(new ExamMode(compiled.folder(), compiled.className()));
            }
            Battery battery = Battery.of(ScenarioParser.parse(o.battery()));
            List<Trial> chosen = chosen(battery, o.trials(), o.redisUrl() != null);
            if (o.redisUrl() != null && o.trials().isEmpty()) {
                // A trial whose fault the lab would refuse would judge a Redis that never stopped: not played at all.
                List<String> skipped = battery.trials().stream()
                        .filter(Trial::labsRedis)
                        .map(Trial::name)
                        .toList();
                if (!skipped.isEmpty()) {
                    out.println("skipped: " + String.join(", ", skipped) + " (the lab does not stop or restart a Redis"
                            + " it did not start: --redis-url)");
                }
            }
            Scenario scenario = battery.only(chosen);
            ScenarioDriver driver = new ScenarioDriver(scenario, 1, false, Lang.EN);
            ReportCard card = new ReportCard(lock, o.file(), chosen);
            driver.observe(card);
            LabSettings settings = new LabSettings(
                    scenario.setup().values(),
                    scenario.setup().spec(),
                    null,
                    null,
                    o.runsDir(),
                    "tick",
                    o.redisUrl(),
                    o.pgUrl(),
                    List.of());
            out.println("exam: " + lock + " (" + o.file() + "), compiled; " + chosen.size() + " trials: "
                    + String.join(", ", chosen.stream().map(Trial::name).toList()));
            int code = Runs.start(settings, driver, !o.dashboard(), o.noColor(), o.lang(), out, err);
            if (code != ExitCode.FINISHED && code != ExitCode.EXPECTATION_FAILED) {
                return code;
            }
            card.text().forEach(out::println);
            if (o.json() != null) {
                try {
                    card.writeJson(o.json());
                } catch (IOException e) {
                    err.println("error: --json: the report card could not be written to " + o.json() + ": "
                            + e.getMessage());
                    return ExitCode.START_FAILED;
                }
            }
            return card.allPassed() ? ExitCode.FINISHED : ExitCode.EXPECTATION_FAILED;
        } catch (Refusal r) {
            r.lines().forEach(err::println);
            return r.exitCode();
        } catch (ScenarioException e) {
            err.println("error: " + e.getMessage());
            return ExitCode.BAD_INPUT;
        } catch (IOException e) {
            err.println("error: the exam's session folder could not be made: " + e.getMessage());
            return ExitCode.START_FAILED;
        }
    }

    /**
     * The trials named, in the battery's order; every one when none is named. With a Redis the lab did not start
     * ({@code foreign}), none that stops or restarts it: named, it is refused; not named, it is left out.
     */
    private static List<Trial> chosen(Battery battery, List<String> names, boolean foreign) throws Refusal {
        if (names.isEmpty()) {
            return battery.trials().stream()
                    .filter(t -> !foreign || !t.labsRedis())
                    .toList();
        }
        List<Trial> chosen = new ArrayList<>();
        for (String name : names) {
            Trial t = battery.trials().stream()
                    .filter(b -> b.name().equals(name))
                    .findFirst()
                    .orElseThrow(() -> new Refusal(
                            ExitCode.BAD_INPUT,
                            List.of("error: Invalid value for option '--trial': '" + name + "' (expected one of "
                                    + String.join(
                                            ", ",
                                            battery.trials().stream()
                                                    .map(Trial::name)
                                                    .toList())
                                    + ")")));
            if (foreign && t.labsRedis()) {
                throw new Refusal(
                        ExitCode.BAD_INPUT,
                        List.of("error: Invalid value for option '--trial': '" + name + "' (expected a trial that"
                                + " leaves Redis running: the lab does not stop or restart a Redis it did not start,"
                                + " --redis-url)"));
            }
            chosen.add(t);
        }
        return battery.trials().stream().filter(chosen::contains).toList();
    }
}

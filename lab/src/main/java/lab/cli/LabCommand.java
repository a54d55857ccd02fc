package lab.cli;

import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.Callable;
import lab.launcher.Attach;
import lab.launcher.LabSettings;
import lab.protocol.BadFieldException;
import lab.protocol.Durations;
import lab.protocol.Knob;
import lab.protocol.Knobs;
import lab.protocol.Lang;
import lab.protocol.RedisPersistence;
import lab.protocol.Secrets;
import lab.protocol.ServerKnobs;
import lab.protocol.SetupSpec;
import lab.runs.Runs;
import lab.runs.ScenarioDriver;
import lab.scenario.Setup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/** The lab's command line. Every value is checked here, before anything starts. */
@Command(
        name = "run.sh",
        mixinStandardHelpOptions = true,
        version = "Scheduler Lock Lab 0.1",
        description = "Forks N worker JVMs, each with its own scheduler, and counts from the counter table how often"
                + " each tick ran.")
public final class LabCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Option(
            names = "--duration",
            paramLabel = "DURATION",
            converter = Converters.DurationConverter.class,
            description = "how long to run, counted from the moment every worker is ready (default: headless 1m,"
                    + " dashboard until q)")
    Duration duration;

    @Option(names = "--headless", description = "no terminal UI: one line per event, a summary at the end")
    boolean headless;

    @Option(names = "--summary-json", paramLabel = "FILE", description = "also write the summary as JSON at exit")
    Path summaryJson;

    @Option(
            names = "--runs-dir",
            paramLabel = "DIR",
            description = "where each session records its events and summary (default: runs/ in the lab's folder)")
    Path runsDir;

    // A URL may carry a password; from the environment it need not sit on a command line, where `ps` shows it.
    @Option(
            names = "--redis-url",
            paramLabel = "URL",
            defaultValue = "${env:LAB_REDIS_URL}",
            description = "use this Redis (redis://[:password@]host:port[/db]) instead of starting one"
                    + " (default: $LAB_REDIS_URL)")
    String redisUrl;

    @Option(
            names = "--pg-url",
            paramLabel = "URL",
            defaultValue = "${env:LAB_PG_URL}",
            description = "use this PostgreSQL (jdbc:postgresql://host:port/db?user=u&password=p) instead of"
                    + " starting one (default: $LAB_PG_URL)")
    String pgUrl;

    @Option(
            names = "--switch",
            paramLabel = "AT=MODE",
            split = ",",
            converter = Converters.SwitchConverter.class,
            description = "headless: switch every worker at these offsets from ready, e.g. 6s=redis,12s=postgres")
    List<LabSettings.Switch> switches = new ArrayList<>();

    @Option(
            names = "--skew",
            paramLabel = "WORKER=OFFSET",
            converter = Converters.SkewConverter.class,
            description = "start a worker with its wall clock moved (libfaketime), e.g. w2=+3s; repeatable")
    List<LabSettings.Skew> skews = new ArrayList<>();

    @Option(names = "--no-color", description = "a monochrome dashboard (also when NO_COLOR is set)")
    boolean noColor;

    @Option(
            names = "--lang",
            paramLabel = "LANG",
            description = "the dashboard's and a scenario's captions' language: en or zh (default: from LC_ALL,"
                    + " LC_MESSAGES, LANG; zh_* gives zh; a headless run: en); event lines and summaries stay English")
    String lang;

    @Option(
            names = "--scenario",
            paramLabel = "FILE",
            description = "replay a scripted lesson (add --headless for CI):"
                    + " exit 0 every expectation held, 1 one failed, 2 bad input")
    Path scenarioFile;

    @Option(names = "--speed", paramLabel = "K", description = "divide a scenario's waits by K (default: 1)")
    double speed = 1;

    @Option(
            names = "--reading-pace",
            paramLabel = "K",
            description = "with --scenario: read captions K times as fast (0.5: each stays twice as long on the"
                    + " dashboard); it never moves the replay (default: 1)")
    double readingPace = 1;

    @Option(
            names = "--fail-fast",
            description = "with --scenario: stop the replay at its first failed expectation (exit 1 as before)")
    boolean failFast;

    @Option(
            names = "--also-judge",
            paramLabel = "FILE",
            description = "with --scenario: judge this file's expectations too, on the same run (its setup and steps"
                    + " must be the scenario's, only what it expects differs: a prediction, an inverted fixture);"
                    + " printed as 'also:' lines, they do not change the exit code")
    Path alsoJudge;

    @Option(
            names = "--attach",
            paramLabel = "PORT",
            description = "also take workers started on their own (./run.sh worker) that report to this port, on every"
                    + " address (0: any free port); the lab says the command that starts one")
    Integer attach;

    @Option(
            names = "--token-file",
            paramLabel = "FILE",
            description = "with --attach: the session's token, read from this file (a Kubernetes Secret) instead of a"
                    + " new one")
    Path tokenFile;

    @Option(names = "--list-scenarios", description = "print the title and lesson of each file in scenarios/")
    boolean listScenarios;

    private final PrintStream out;
    private final PrintStream err;

    LabCommand(PrintStream out, PrintStream err) {
        this.out = out;
        this.err = err;
    }

    @Override
    public Integer call() {
        KnobOptions.Given knobs = KnobOptions.read(spec, attach != null);
        validate(knobs);
        if (runsDir == null) {
            // Beside the lab, not in whatever folder the trainer happened to start it from.
            String home = System.getProperty("lab.home");
            runsDir = home == null ? Path.of("runs") : Path.of(home, "runs");
        }
        if (listScenarios) {
            return ScenarioFiles.list(out, err);
        }
        ScenarioDriver driver = null;
        LabSettings settings;
        if (scenarioFile != null) {
            driver = ScenarioFiles.driver(scenarioFile, alsoJudge, speed, failFast, err);
            if (driver == null) {
                return Main.BAD_INPUT;
            }
            driver.readAt(readingPace);
            Setup setup = driver.scenario().setup();
            // The scenario's setup, and how this machine runs it from the command line.
            SetupSpec values = setup.values();
            for (Knob<?> k : SetupSpec.knobs()) {
                if (!k.scope().inSetup()) {
                    values = knobs.into(values, k);
                }
            }
            settings = new LabSettings(
                    values, setup.spec(), null, summaryJson, runsDir, "tick", redisUrl, pgUrl, List.of());
        } else {
            settings = new LabSettings(
                    knobs.setup(),
                    knobs.spec(),
                    duration,
                    summaryJson,
                    runsDir,
                    "tick",
                    redisUrl,
                    pgUrl,
                    switches.stream()
                            .sorted(Comparator.comparing(LabSettings.Switch::at))
                            .toList());
        }
        if (redisUrl != null && settings.redisPersistence() != RedisPersistence.NONE) {
            throw bad(
                    ServerKnobs.REDIS_PERSISTENCE.option(),
                    settings.redisPersistence().toString(),
                    "none beside --redis-url: that Redis is external, the lab does not own it and will not configure it");
        }
        if (attach != null) {
            settings = settings.attaching(new Attach(attach, tokenFile));
        }
        settings = settings.skewing(SkewCheck.check(spec, skews, settings.workers()));
        return Runs.start(settings, driver, headless, noColor, language(), out, err);
    }

    /** {@code --lang}, checked by {@link #validate}; null when not given (the run kind then decides: see Runs). */
    private Lang language() {
        return lang == null ? null : Lang.byCode(lang).orElseThrow();
    }

    private void validate(KnobOptions.Given knobs) {
        ServerUrls.check(spec, redisUrl, pgUrl);
        Duration runFor = duration == null ? Duration.ofMinutes(1) : duration;
        for (LabSettings.Switch sw : switches) {
            if (sw.at().compareTo(runFor) >= 0) {
                throw bad(
                        "--switch",
                        Durations.format(sw.at()) + "=" + sw.mode(),
                        "an offset before the end of the run (--duration " + Durations.format(runFor) + ")");
            }
        }
        try {
            knobs.spec().accepted();
        } catch (BadFieldException e) {
            // Knobs each fine alone that the mode's mechanism refuses together: one line naming the option.
            throw new ParameterException(
                    spec.commandLine(), "Invalid value for option '--" + e.field() + "': " + e.problem());
        }
        if (lang != null && Lang.byCode(lang).isEmpty()) {
            throw bad("--lang", lang, Lang.codes());
        }
        if (!(speed > 0) || Double.isInfinite(speed)) {
            throw bad("--speed", String.valueOf(speed), "a number above 0, such as 2");
        }
        if (!(readingPace > 0) || Double.isInfinite(readingPace)) {
            throw bad("--reading-pace", String.valueOf(readingPace), "a number above 0, such as 0.5 (slower) or 2");
        }
        ScenarioFlags.check(spec, scenarioFile != null, knobs.inSetup());
        AttachFlags.check(spec, attach, tokenFile);
        if (scenarioFile == null && knobs.get(Knobs.WORKERS) > 0 && knobs.get(Knobs.HOSTS) > knobs.get(Knobs.WORKERS)) {
            throw bad(
                    "--hosts",
                    String.valueOf(knobs.get(Knobs.HOSTS)),
                    "at most one host per worker: " + knobs.get(Knobs.WORKERS) + " with --workers "
                            + knobs.get(Knobs.WORKERS));
        }
        if (duration != null && (duration.isZero() || duration.isNegative())) {
            throw bad("--duration", Durations.format(duration), "a duration above 0, such as 20s");
        }
    }

    private ParameterException bad(String option, String value, String expected) {
        return bad(spec, option, value, expected);
    }

    /** The value is masked: a URL the user typed may carry a password, and this line is printed. */
    static ParameterException bad(CommandSpec spec, String option, String value, String expected) {
        return new ParameterException(
                spec.commandLine(),
                "Invalid value for option '" + option + "': '" + Secrets.mask(value) + "' (expected " + expected + ")");
    }
}

package lab.launcher;

import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.Callable;
import lab.protocol.Durations;
import lab.protocol.Mode;
import lab.protocol.ModeSpec;
import picocli.CommandLine;
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
final class LabCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Option(names = "--workers", paramLabel = "N", description = "worker processes, 1..64 (default: ${DEFAULT-VALUE})")
    int workers = 4;

    @Option(names = "--mode", paramLabel = "MODE", converter = ModeConverter.class,
            description = "naive, local-mutex, redis or postgres (default: ${DEFAULT-VALUE})")
    Mode mode = Mode.NAIVE;

    @Option(names = "--every", paramLabel = "DURATION", converter = DurationConverter.class,
            description = "tick period, wall-clock aligned (default: 2s)")
    Duration every = Duration.ofSeconds(2);

    @Option(names = "--task-time", paramLabel = "DURATION", converter = DurationConverter.class,
            description = "how long the simulated job works before writing its row (default: 0)")
    Duration taskTime = Duration.ZERO;

    @Option(names = "--duration", paramLabel = "DURATION", converter = DurationConverter.class,
            description = "how long to run, counted from the moment every worker is ready (default: 1m)")
    Duration duration = Duration.ofMinutes(1);

    @Option(names = "--headless", description = "no terminal UI: one line per event, a summary at the end")
    boolean headless;

    @Option(names = "--summary-json", paramLabel = "FILE", description = "also write the summary as JSON at exit")
    Path summaryJson;

    @Option(names = "--runs-dir", paramLabel = "DIR",
            description = "where each session records its events (default: ${DEFAULT-VALUE})")
    Path runsDir = Path.of("runs");

    private final PrintStream out;
    private final PrintStream err;

    LabCommand(PrintStream out, PrintStream err) {
        this.out = out;
        this.err = err;
    }

    @Override
    public Integer call() {
        validate();
        LabSettings settings = new LabSettings(workers, ModeSpec.defaults(mode).withTaskTime(taskTime), every,
                duration, true, summaryJson, runsDir, "tick");
        return new HeadlessRun(settings, out, err).run();
    }

    private void validate() {
        if (workers < 1 || workers > 64) {
            throw bad("--workers", String.valueOf(workers), "a whole number from 1 to 64");
        }
        if (every.isZero() || every.isNegative()) {
            throw bad("--every", Durations.format(every), "a duration above 0, such as 1s or 500ms");
        }
        if (duration.isZero() || duration.isNegative()) {
            throw bad("--duration", Durations.format(duration), "a duration above 0, such as 20s");
        }
    }

    private ParameterException bad(String option, String value, String expected) {
        return new ParameterException(spec.commandLine(),
                "Invalid value for option '" + option + "': '" + value + "' (expected " + expected + ")");
    }

    static final class DurationConverter implements CommandLine.ITypeConverter<Duration> {
        @Override
        public Duration convert(String value) {
            try {
                return Durations.parse(value);
            } catch (IllegalArgumentException e) {
                throw new CommandLine.TypeConversionException(e.getMessage());
            }
        }
    }

    static final class ModeConverter implements CommandLine.ITypeConverter<Mode> {
        @Override
        public Mode convert(String value) {
            try {
                return Mode.parse(value);
            } catch (IllegalArgumentException e) {
                throw new CommandLine.TypeConversionException(e.getMessage());
            }
        }
    }
}

package lab.launcher;

import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import lab.protocol.BadFieldException;
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

    @Option(names = "--store", paramLabel = "STORE",
            description = "where the counter table lives: h2 or postgres (default: ${DEFAULT-VALUE})")
    String store = "h2";

    @Option(names = "--redis-url", paramLabel = "URL", description = "use this Redis (redis://host:port) instead of"
            + " starting one")
    String redisUrl;

    @Option(names = "--pg-url", paramLabel = "URL", description = "use this PostgreSQL"
            + " (jdbc:postgresql://host:port/db?user=u) instead of starting one")
    String pgUrl;

    @Option(names = "--lock-ttl", paramLabel = "DURATION", converter = DurationConverter.class,
            description = "the Redis lock's expiry (default: 60s)")
    Duration lockTtl = Duration.ofSeconds(60);

    @Option(names = "--release", paramLabel = "HOW",
            description = "safe (compare-and-delete) or unsafe (plain DEL) (default: ${DEFAULT-VALUE})")
    String release = "safe";

    @Option(names = "--pg-lock", paramLabel = "HOW",
            description = "try (skip when taken) or wait (queue, as one seed wrote it) (default: ${DEFAULT-VALUE})")
    String pgLock = "try";

    @Option(names = "--recheck", paramLabel = "on|off",
            description = "under the lock, write only if the tick has no row yet (default: ${DEFAULT-VALUE})")
    String recheck = "off";

    @Option(names = "--switch", paramLabel = "AT=MODE", split = ",", converter = SwitchConverter.class,
            description = "headless: switch every worker at these offsets from ready, e.g. 6s=redis,12s=postgres")
    List<LabSettings.Switch> switches = new ArrayList<>();

    private final PrintStream out;
    private final PrintStream err;

    LabCommand(PrintStream out, PrintStream err) {
        this.out = out;
        this.err = err;
    }

    @Override
    public Integer call() {
        validate();
        ModeSpec spec = spec();
        LabSettings settings = new LabSettings(workers, spec, every, duration, true, summaryJson, runsDir, "tick", store,
                redisUrl, pgUrl, switches.stream().sorted(java.util.Comparator.comparing(LabSettings.Switch::at)).toList());
        return new HeadlessRun(settings, out, err).run();
    }

    /** The first mode and its knobs; a knob's bad value names the option it came from. */
    private ModeSpec spec() {
        Map<String, Object> knobs = new LinkedHashMap<>();
        knobs.put("task-time", Durations.format(taskTime));
        knobs.put("lock-ttl", Durations.format(lockTtl));
        knobs.put("release", release);
        knobs.put("pg-lock", pgLock);
        knobs.put("recheck", recheck);
        try {
            return ModeSpec.defaults(mode).merge(knobs);
        } catch (BadFieldException e) {
            String option = "--" + e.field();
            Object value = knobs.get(e.field());
            throw bad(option, String.valueOf(value), e.getMessage().replaceFirst("^field '[^']+': expected ", ""));
        }
    }

    private void validate() {
        if (!store.equals("h2") && !store.equals("postgres")) {
            throw bad("--store", store, "h2 or postgres");
        }
        if (redisUrl != null && !redisUrl.matches("redis://[^/:]+:\\d+/?")) {
            throw bad("--redis-url", redisUrl, "redis://host:port");
        }
        if (pgUrl != null && !pgUrl.startsWith("jdbc:postgresql://")) {
            throw bad("--pg-url", pgUrl, "a JDBC URL such as jdbc:postgresql://host:port/db?user=u");
        }
        for (LabSettings.Switch sw : switches) {
            if (sw.at().compareTo(duration) >= 0) {
                throw bad("--switch", Durations.format(sw.at()) + "=" + sw.mode(),
                        "an offset before the end of the run (--duration " + Durations.format(duration) + ")");
            }
        }
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

    static final class SwitchConverter implements CommandLine.ITypeConverter<LabSettings.Switch> {
        @Override
        public LabSettings.Switch convert(String value) {
            int eq = value.indexOf('=');
            if (eq < 0) {
                throw new CommandLine.TypeConversionException(
                        "'" + value + "' is not AT=MODE (expected e.g. 6s=redis,12s=postgres)");
            }
            try {
                return new LabSettings.Switch(Durations.parse(value.substring(0, eq)), Mode.parse(value.substring(eq + 1)));
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

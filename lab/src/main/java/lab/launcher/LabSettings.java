package lab.launcher;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import lab.protocol.Hosts;
import lab.protocol.Knob;
import lab.protocol.Knobs;
import lab.protocol.Mode;
import lab.protocol.ModeSpec;
import lab.protocol.RedisPersistence;
import lab.protocol.ServerKnobs;
import lab.protocol.ServerSource;
import lab.protocol.SetupSpec;
import lab.protocol.Store;
import lab.protocol.Trigger;
import lab.protocol.WorkerConfig;

/**
 * Everything a lab session is started with, validated by the command line before anything starts.
 *
 * @param setup    the knobs fixed while it runs (workers, hosts, every, trigger, jitter, store, servers), each by its
 *                 declaration: a new set-up knob is read as {@code settings.setup().get(Knobs.X)}, with no line here
 * @param redisUrl an external Redis ({@code redis://host:port}), or null: the lab starts its own
 * @param pgUrl    an external PostgreSQL (JDBC URL), or null: the lab starts its own
 * @param switches scripted mode changes, as offsets from the moment every worker is ready
 * @param attach   whether workers started on their own may attach ({@code --attach})
 * @param skews    workers started with their wall clock moved ({@code --skew w2=+3s}), each named once
 */
public record LabSettings(
        SetupSpec setup,
        ModeSpec spec,
        Duration duration,
        Path summaryJson,
        Path runsDir,
        String job,
        String redisUrl,
        String pgUrl,
        List<Switch> switches,
        Attach attach,
        List<Skew> skews) {

    public LabSettings {
        skews = List.copyOf(skews);
    }

    /** These settings with no worker's clock skewed. */
    public LabSettings(
            SetupSpec setup,
            ModeSpec spec,
            Duration duration,
            Path summaryJson,
            Path runsDir,
            String job,
            String redisUrl,
            String pgUrl,
            List<Switch> switches,
            Attach attach) {
        this(setup, spec, duration, summaryJson, runsDir, job, redisUrl, pgUrl, switches, attach, List.of());
    }

    /** These settings with no worker attached from outside: what every run but {@code --attach} is. */
    public LabSettings(
            SetupSpec setup,
            ModeSpec spec,
            Duration duration,
            Path summaryJson,
            Path runsDir,
            String job,
            String redisUrl,
            String pgUrl,
            List<Switch> switches) {
        this(setup, spec, duration, summaryJson, runsDir, job, redisUrl, pgUrl, switches, Attach.none());
    }

    /** Each set-up knob given by hand, as tests and the soak start a lab. */
    public LabSettings(
            int workers,
            int hosts,
            ModeSpec spec,
            Duration every,
            Trigger trigger,
            Duration jitter,
            Duration duration,
            Path summaryJson,
            Path runsDir,
            String job,
            Store store,
            String redisUrl,
            String pgUrl,
            ServerSource servers,
            List<Switch> switches) {
        this(
                SetupSpec.defaults()
                        .with(Knobs.WORKERS, workers)
                        .with(Knobs.HOSTS, hosts)
                        .with(Knobs.EVERY, every)
                        .with(Knobs.TRIGGER, trigger)
                        .with(Knobs.JITTER, jitter)
                        .with(Knobs.STORE, store)
                        .with(Knobs.SERVERS, servers),
                spec,
                duration,
                summaryJson,
                runsDir,
                job,
                redisUrl,
                pgUrl,
                switches);
    }

    /** {@code workers} of the lab's own in {@code spec}, a tick every {@code every}, every other knob at its default. */
    public static LabSettings of(int workers, ModeSpec spec, Duration every, Path runsDir) {
        return new LabSettings(
                SetupSpec.defaults().with(Knobs.WORKERS, workers).with(Knobs.EVERY, every),
                spec,
                null,
                null,
                runsDir,
                "tick",
                null,
                null,
                List.of());
    }

    /** Worker processes of the lab's own (0: every worker attaches from elsewhere). */
    public int workers() {
        return setup.get(Knobs.WORKERS);
    }

    /** Simulated hosts the workers are spread over, each with its own lock folder. */
    public int hosts() {
        return setup.get(Knobs.HOSTS);
    }

    /** The tick period. */
    public Duration every() {
        return setup.get(Knobs.EVERY);
    }

    /** How each worker's scheduler places its fires. */
    public Trigger trigger() {
        return setup.get(Knobs.TRIGGER);
    }

    /** Each fire comes up to this much late, at random. */
    public Duration jitter() {
        return setup.get(Knobs.JITTER);
    }

    /** Where the counter table lives. */
    public Store store() {
        return setup.get(Knobs.STORE);
    }

    /** Where the lab's own servers' binaries come from. */
    public ServerSource servers() {
        return setup.get(Knobs.SERVERS);
    }

    /** What the lab's own Redis keeps across a restart. */
    public RedisPersistence redisPersistence() {
        return setup.get(ServerKnobs.REDIS_PERSISTENCE);
    }

    /** These settings, writing the summary as JSON to {@code file} at the end. */
    public LabSettings writingSummaryTo(Path file) {
        return new LabSettings(setup, spec, duration, file, runsDir, job, redisUrl, pgUrl, switches, attach, skews);
    }

    /** These settings with one set-up knob changed. */
    public <T> LabSettings with(Knob<T> knob, T value) {
        return new LabSettings(
                setup.with(knob, value),
                spec,
                duration,
                summaryJson,
                runsDir,
                job,
                redisUrl,
                pgUrl,
                switches,
                attach,
                skews);
    }

    /** These settings, run for {@code d} from ready. */
    public LabSettings runningFor(Duration d) {
        return new LabSettings(setup, spec, d, summaryJson, runsDir, job, redisUrl, pgUrl, switches, attach, skews);
    }

    public LabSettings attaching(Attach a) {
        return new LabSettings(setup, spec, duration, summaryJson, runsDir, job, redisUrl, pgUrl, switches, a, skews);
    }

    /** These settings, {@code skews} the workers started with their wall clock moved. */
    public LabSettings skewing(List<Skew> skews) {
        return new LabSettings(
                setup, spec, duration, summaryJson, runsDir, job, redisUrl, pgUrl, switches, attach, skews);
    }

    public record Switch(Duration at, Mode mode) {}

    /** Worker {@code worker} started with its wall clock {@code by} from the machine's. */
    public record Skew(String worker, Duration by) {}

    /** What worker {@code id} is handed on its stdin: this session's set-up, the servers' URLs, the spec in force. */
    WorkerConfig workerConfig(
            String id,
            String token,
            String storeUrl,
            String redisUrl,
            String pgUrl,
            ModeSpec now,
            Path lockDir,
            String bind) {
        return new WorkerConfig(
                id,
                token,
                storeUrl,
                every(),
                trigger(),
                jitter(),
                job,
                redisUrl,
                pgUrl,
                now,
                host(id),
                lockDir.toString(),
                bind);
    }

    /** The simulated host worker {@code id} runs on. */
    public String host(String id) {
        return Hosts.of(id, workers(), hosts());
    }

    boolean storeInPostgres() {
        return store() == Store.POSTGRES;
    }
}

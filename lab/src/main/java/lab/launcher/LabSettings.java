package lab.launcher;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import lab.protocol.Hosts;
import lab.protocol.Knobs;
import lab.protocol.Mode;
import lab.protocol.ModeSpec;
import lab.protocol.ServerSource;
import lab.protocol.Store;
import lab.protocol.Trigger;
import lab.protocol.WorkerConfig;

/**
 * Everything a lab session is started with, validated by the command line before anything starts.
 *
 * @param hosts    simulated hosts the workers are spread over, each with its own lock folder (set up only)
 * @param trigger  how each worker's scheduler places its fires (set up only)
 * @param jitter   each fire comes up to this much late, at random (set up only)
 * @param redisUrl an external Redis ({@code redis://host:port}), or null: the lab starts its own
 * @param pgUrl    an external PostgreSQL (JDBC URL), or null: the lab starts its own
 * @param servers  where the lab's own servers' binaries come from
 * @param switches scripted mode changes, as offsets from the moment every worker is ready
 * @param attach   whether workers started on their own may attach ({@code --attach})
 */
public record LabSettings(
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
        List<Switch> switches,
        Attach attach) {

    /** These settings with no worker attached from outside: what every run but {@code --attach} is. */
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
                workers,
                hosts,
                spec,
                every,
                trigger,
                jitter,
                duration,
                summaryJson,
                runsDir,
                job,
                store,
                redisUrl,
                pgUrl,
                servers,
                switches,
                Attach.none());
    }

    /**
     * {@code workers} in {@code spec}, a tick every {@code every}, recorded under {@code runsDir}, and every other
     * setting at its default: the job {@code tick}, the store in H2, the lab's own servers from their default source,
     * running until closed. (The command line builds its settings from every option instead.)
     */
    public static LabSettings of(int workers, ModeSpec spec, Duration every, Path runsDir) {
        return new LabSettings(
                workers,
                Knobs.HOSTS.defaultValue(),
                spec,
                every,
                Knobs.TRIGGER.defaultValue(),
                Knobs.JITTER.defaultValue(),
                null,
                null,
                runsDir,
                "tick",
                Store.H2,
                null,
                null,
                ServerSource.AUTO,
                List.of());
    }

    /** These settings, writing the summary as JSON to {@code file} at the end. */
    public LabSettings writingSummaryTo(Path file) {
        return new LabSettings(
                workers, hosts, spec, every, trigger, jitter, duration, file, runsDir, job, store, redisUrl, pgUrl,
                servers, switches, attach);
    }

    /** A mode change at an offset from ready: {@code --switch 6s=redis}. */
    public record Switch(Duration at, Mode mode) {}

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
                every,
                trigger,
                jitter,
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
        return Hosts.of(id, workers, hosts);
    }

    boolean storeInPostgres() {
        return store == Store.POSTGRES;
    }

    /** These settings, run for {@code d}: a headless run needs an end, where the dashboard runs until q. */
    public LabSettings runningFor(Duration d) {
        return new LabSettings(
                workers,
                hosts,
                spec,
                every,
                trigger,
                jitter,
                d,
                summaryJson,
                runsDir,
                job,
                store,
                redisUrl,
                pgUrl,
                servers,
                switches,
                attach);
    }

    /** These settings, taking workers started on their own as {@code attach} says. */
    public LabSettings attaching(Attach a) {
        return new LabSettings(
                workers,
                hosts,
                spec,
                every,
                trigger,
                jitter,
                duration,
                summaryJson,
                runsDir,
                job,
                store,
                redisUrl,
                pgUrl,
                servers,
                switches,
                a);
    }
}

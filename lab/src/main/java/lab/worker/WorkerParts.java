package lab.worker;

import java.time.Clock;
import lab.protocol.WorkerConfig;

/**
 * What every worker is made of, wired one way whether the launcher forked it ({@link WorkerMain}) or it attached from
 * elsewhere ({@link Standalone}): the job, its guards, the tick runner and its scheduler, the HTTP API, and the shutdown
 * path. The two differ only where they learn their settings and where their event lines go ({@code out}).
 */
final class WorkerParts {
    final CounterJob job;
    final TickRunner runner;
    final ScheduleSlot scheduler;
    final HttpApi http;
    private final WorkerConfig config;
    private final EventOut out;

    WorkerParts(WorkerConfig config, long pid, EventOut out, Clock clock) {
        String w = config.worker();
        this.config = config;
        this.out = out;
        this.job = new CounterJob(w, pid, config.storeUrl(), clock);
        GuardFactory guards = new GuardFactory(config, pid, clock, job::issueToken);
        this.runner = new TickRunner(w, job, guards, out);
        this.scheduler = ScheduleSlot.of(config, runner, guards, out, clock);
        runner.scheduledBy(scheduler);
        this.http = new HttpApi(w, pid, config.token(), runner);
    }

    /** Connects the job to its store and puts the configured mode in force; throws when either cannot be done. */
    void begin() throws Exception {
        job.connect();
        runner.switchTo(config.spec());
    }

    /**
     * Hands SIGTERM to the shutdown path ({@link ShutdownPath#hook}, with its {@code beforeHalt} and {@code last}):
     * only once the worker runs, so that one that could not start leaves by its own way.
     */
    void stopOnSignal(Runnable beforeHalt, Runnable last) {
        Runtime.getRuntime()
                .addShutdownHook(
                        ShutdownPath.hook(config.worker(), runner, scheduler, job, http, out, beforeHalt, last));
    }
}

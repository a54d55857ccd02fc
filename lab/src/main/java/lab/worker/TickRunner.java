package lab.worker;

import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import lab.guard.Guard;
import lab.guard.Outcome;
import lab.guard.Tick;
import lab.protocol.GivenBack;
import lab.protocol.Knobs;
import lab.protocol.ModeSpec;
import lab.protocol.Trigger;
import lab.protocol.WorkerFact;
import lab.store.TickWindow;

/**
 * What happens in this worker on every tick: the current guard decides, the counter job runs or not, and every
 * step becomes an event line. A switch replaces the guard between ticks; a run that started keeps its own.
 */
final class TickRunner {
    private final String worker;
    private final CounterJob job;
    private final GuardFactory guards;
    private final EventOut events;
    private final AtomicReference<ActiveGuard> active = new AtomicReference<>();
    private final AtomicLong fired = new AtomicLong();
    private final AtomicLong executed = new AtomicLong();
    private final AtomicLong skipped = new AtomicLong();
    private final AtomicLong refused = new AtomicLong();
    private final AtomicLong errors = new AtomicLong();
    private final AtomicInteger running = new AtomicInteger();
    private final AtomicReference<String> last = new AtomicReference<>("none yet");
    private ScheduleSlot schedules; // set once, before the first switch; none in a test that fires by hand

    TickRunner(String worker, CounterJob job, GuardFactory guards, EventOut events) {
        this.worker = worker;
        this.job = job;
        this.guards = guards;
        this.events = events;
    }

    /** The scheduler that fires this runner: a switch into or out of a mode that owns the schedule replaces it. */
    void scheduledBy(ScheduleSlot slot) {
        this.schedules = slot;
    }

    /**
     * Builds and opens the guard for {@code spec}, then makes it the one that serves the next tick. If opening
     * fails the current guard stays, and the exception says why.
     */
    synchronized void switchTo(ModeSpec spec) throws Exception {
        String mode = spec.mode().cliName();
        Guard guard = guards.build(spec, (tick, detail, fact) -> events.emit(tick.at(), mode, detail, fact));
        String replaced;
        try {
            guard.open();
            // Before the guard is in force: a scheduler that cannot start leaves the worker as it was.
            replaced = schedules == null ? "" : schedules.follow(spec);
        } catch (Exception e) {
            guard.close();
            throw e;
        }
        ActiveGuard previous = active.getAndSet(new ActiveGuard(spec, guard));
        if (previous != null) {
            previous.retire();
        }
        events.emit(null, mode, describe(spec) + guard.openedWith() + replaced, WorkerFact.InMode.of(spec));
    }

    /**
     * Runs one tick. A fire that {@link FireTiming} judged missed — the process was paused, and its scheduler thread
     * had taken the trigger before the pause — is skipped, not run late into another window, as APScheduler's
     * {@code misfire_grace_time} does.
     */
    void fire(FireTiming.Fire fire, String jobName, Trigger trigger) {
        TickWindow window = fire.window();
        Instant scheduledAt = fire.scheduledAt();
        Instant tickAt = window.start();
        if (fire.missed()) {
            skipped.incrementAndGet();
            events.emit(
                    tickAt,
                    spec().mode().cliName(),
                    worker + " - fire for this tick came " + fire.lateMillis()
                            + " ms late (was the process paused?): missed, not run into the next window",
                    new WorkerFact.Skipped(
                            WorkerFact.SkipReason.LATE, scheduledAt, null, null, null, null, null, null));
            return;
        }
        ActiveGuard current = active.get();
        while (!current.tryTake()) {
            current = active.get(); // a switch retired it just now: its successor is already in place
        }
        running.incrementAndGet();
        ModeSpec spec = current.spec();
        String mode = spec.mode().cliName();
        Tick tick = new Tick(tickAt, window.end(), jobName);
        fired.incrementAndGet();
        events.emit(
                tickAt, mode, null, new WorkerFact.Fired(scheduledAt, trigger, fire.phaseMillis(), fire.recovering()));
        try {
            Outcome outcome =
                    current.guard().run(tick, (t, permit) -> job.run(t, permit, spec.get(Knobs.TASK_TIME), mode));
            last.set(outcome.getClass().getSimpleName().toLowerCase() + ": " + outcome.detail());
            // A switch expression over the closed set: a new kind of outcome does not compile until it is counted.
            AtomicLong count =
                    switch (outcome.kind()) {
                        case EXECUTED -> executed;
                        case SKIPPED -> skipped;
                        case REFUSED -> refused;
                        case FAILED -> errors;
                    };
            count.incrementAndGet();
            events.emit(tickAt, mode, outcome.detail(), outcome.fact());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            errors.incrementAndGet();
            events.emit(tickAt, mode, worker + " - interrupted: the worker is stopping", GivenBack.Error.UNSAID);
        } catch (RuntimeException e) {
            // A scheduled task must never die silently: say what broke and keep the scheduler firing.
            errors.incrementAndGet();
            events.emit(tickAt, mode, worker + " - tick failed: " + e, GivenBack.Error.UNSAID);
        } finally {
            running.decrementAndGet();
            current.giveBack();
        }
    }

    ModeSpec spec() {
        return active.get().spec();
    }

    Map<String, Object> status() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("mode", spec().mode().cliName());
        m.put("spec", spec().toMap());
        m.put("fired", fired.get());
        m.put("executed", executed.get());
        m.put("skipped", skipped.get());
        m.put("refused", refused.get());
        m.put("errors", errors.get());
        m.put("running", running.get());
        m.put("last", last.get());
        return m;
    }

    /** The worker is stopping gracefully: the guard in force gives back what it keeps past its jobs. */
    void shutdownRelease() {
        ActiveGuard current = active.get();
        if (current != null) {
            current.guard().shutdown();
        }
    }

    /**
     * The worker stops: the guard in force is retired, and the worker's server clients close once no run holds it (a
     * run still inside its job gives its lock back through them first).
     */
    void close() {
        ActiveGuard current = active.get();
        if (current != null) {
            current.retire();
            current.whenClosed(guards::close);
        } else {
            guards.close();
        }
    }

    private String describe(ModeSpec spec) {
        return worker + " - now in mode " + spec.mode().cliName() + " " + spec;
    }
}

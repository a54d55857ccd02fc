package lab.launcher;

import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;
import lab.fleet.ModeSwitcher;
import lab.fleet.WorkerPool;
import lab.fleet.WorkerProcess;
import lab.guard.LockState;
import lab.protocol.Event;
import lab.protocol.EventType;
import lab.protocol.Knobs;
import lab.protocol.ModeSpec;
import lab.session.FaultKind;
import lab.session.WorkerTarget;
import lab.store.CounterStore;

/**
 * What a trainer or a scenario does to the workers of a running lab besides switching modes: hurt one (kill -9,
 * pause, resume, restart), add or remove one, empty the table. (Servers: {@link ServerToggle}.) Every action answers
 * with one line: what it did, or why it did nothing.
 */
public final class Faults {
    private final WorkerPool workers;
    private final ModeSwitcher switcher;
    private final Supplier<ModeSpec> spec;
    private final Supplier<LockState> lock;
    private final Supplier<Duration> settle;
    private final Supplier<String> storeUrl;
    private final Runnable countAfresh;
    private final Duration every;
    private final Recording recording;

    Faults(
            WorkerPool workers,
            ModeSwitcher switcher,
            Supplier<ModeSpec> spec,
            Supplier<LockState> lock,
            Supplier<Duration> settle,
            Supplier<String> storeUrl,
            Runnable countAfresh,
            Duration every,
            Recording recording) {
        this.every = every;
        this.recording = recording;
        this.workers = workers;
        this.switcher = switcher;
        this.spec = spec;
        this.lock = lock;
        this.settle = settle;
        this.storeUrl = storeUrl;
        this.countAfresh = countAfresh;
    }

    /** The worker the last {@code pause: holder} paused: what {@code resume: holder} lets go. */
    private volatile String pausedHolder;

    String fault(FaultKind kind, WorkerTarget target) {
        if (kind == FaultKind.RESUME && target.isHolder()) {
            // The holder now is someone else, if anyone: the one to resume is the holder the pause took.
            if (pausedHolder == null) {
                return "resume holder: no worker was paused as the holder";
            }
            target = WorkerTarget.of(pausedHolder);
        }
        Optional<WorkerProcess> found =
                target.isHolder() ? awaitHolder(target.tickFrom(), 2) : workers.byId(target.id());
        if (found.isEmpty()) {
            // A worker attached from elsewhere runs on another machine, or in a pod: no signal of the lab reaches it.
            Optional<String> elsewhere = target.isHolder()
                    ? holderId().filter(id -> workers.byId(id).isEmpty())
                    : Optional.of(target.id()).filter(attachedIds.get()::contains);
            if (elsewhere.isPresent()) {
                return kind + " " + target + ": " + elsewhere.get()
                        + (target.isHolder() ? " holds the lock, and it" : "")
                        + " is a worker attached from elsewhere: the lab sends it no signal; "
                        + "stop or kill it where it runs";
            }
            return kind + " " + target + ": "
                    + (target.isHolder()
                            ? "no worker held the lock during a whole tick ("
                                    + (lock.get() == null ? "lock unknown" : LockWatcher.describe(lock.get())) + ")"
                            : "no worker " + target);
        }
        WorkerProcess w = found.get();
        String who = w.id() + " (pid " + w.pid() + ")";
        // Recorded before it lands: a kill's consequences (its key outliving it) come after this instant.
        recording.lab(
                EventType.FAULT,
                spec.get().mode().cliName(),
                kind + " " + who,
                Map.of("kind", kind.toString(), "target", w.id(), "target_pid", w.pid()));
        return switch (kind) {
            case KILL -> {
                w.kill();
                yield "kill -9 " + who + ": it releases nothing; its lock stays as the mechanism leaves it";
            }
            case PAUSE -> {
                if (target.isHolder()) {
                    pausedHolder = w.id();
                }
                w.pause();
                yield "SIGSTOP " + who + ": paused, holding whatever it held";
            }
            case RESUME -> {
                w.resume();
                // A paused worker could not take a switch made meanwhile: hand it the current mode now.
                ModeSwitcher.Result r = switcher.switchAll(List.of(w), spec.get());
                yield "SIGCONT " + who + ": resumed"
                        + (r.complete()
                                ? ", in mode " + spec.get().mode()
                                : "; it did not take mode " + spec.get().mode() + ": "
                                        + String.join("; ", r.refusals()));
            }
            case STOP -> stop(w);
            case RESTART -> restart(w);
        };
    }

    private String stop(WorkerProcess w) {
        boolean releases = spec.get().get(Knobs.RELEASE_ON_SHUTDOWN);
        w.requestStop();
        try {
            w.awaitStop(settle.get().plusSeconds(5));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        return "SIGTERM " + w.id() + " (pid " + w.pid() + "): stopped gracefully, "
                + (releases
                        ? "giving back what it held (release-on-shutdown on)"
                        : "without its release path (release-on-shutdown off): its lock stays until it expires");
    }

    private String restart(WorkerProcess old) {
        try {
            old.kill();
            old.awaitStop(Duration.ofSeconds(2));
            WorkerProcess fresh = workers.start(old.id());
            workers.awaitHealthy(fresh);
            recording.lab(
                    EventType.RESTART,
                    spec.get().mode().cliName(),
                    "restarted " + old.id(),
                    Map.of("target", old.id(), "old_pid", old.pid(), "new_pid", fresh.pid()));
            return "restarted " + old.id() + ": pid " + old.pid() + " → " + fresh.pid() + ", mode "
                    + spec.get().mode();
        } catch (Exception e) {
            return "restart of " + old.id() + " failed: " + e.getMessage();
        }
    }

    /**
     * The holder whose tick began at or after {@code tickFrom}, as {@code kill: holder} finds it but in the first quarter of its job: a partition must land early, so that the lease runs out while the
     * holder still has most of its job ahead (the lesson is a holder that works on without its lock).
     */
    Optional<WorkerProcess> earlyHolderFrom(Instant tickFrom) {
        return awaitHolder(tickFrom, 4);
    }

    /**
     * The holder now, or the first within the next tick: a lock held for a short job is free most of the time, and
     * "kill the holder" means the next worker that takes it, not "nothing" by bad luck of timing. A lease whose age
     * its server shows (a Redis key's TTL left) must be in the first half of its job: the lock is observed every
     * 100 ms, and a holder seen in its last moments may have given the lock back before the fault lands. Such a
     * fault would hurt a worker that holds nothing, and the lesson would show nothing.
     */
    private Optional<WorkerProcess> awaitHolder(Instant tickFrom, int jobPart) {
        long deadline =
                System.nanoTime() + every.multipliedBy(2).plusMillis(500).toNanos();
        Optional<WorkerProcess> h = freshHolder(tickFrom, jobPart);
        while (h.isEmpty() && System.nanoTime() < deadline) {
            try {
                Thread.sleep(20);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            }
            h = freshHolder(tickFrom, jobPart);
        }
        return h;
    }

    /** @param tickFrom null, or the earliest start of the tick whose holder will do */
    private Optional<WorkerProcess> freshHolder(Instant tickFrom, int jobPart) {
        Optional<WorkerProcess> h = holder();
        if (h.isEmpty()) {
            return h;
        }
        // The holder's own grant, from what it said: a renewed lease looks young to its TTL, and with lock-wait and
        // re-check the waiters take the lock in turn after the job only to find the row written. The holder meant
        // is the one whose grant was the tick's first, inside its job: past the re-check that opens it (a few ms;
        // a fault before it would find the row and prove nothing) and less than half a job ago.
        Instant now = Instant.now();
        List<Event> recent = recording.since(now.minus(every.multipliedBy(2))).stream()
                .filter(e -> e.type() == EventType.ACQUIRED && e.tick() != null)
                .toList();
        Optional<Event> grant = recent.stream()
                .filter(e ->
                        e.worker().equals(h.get().id()) && e.pid() == h.get().pid())
                .reduce((a, b) -> b);
        if (grant.isEmpty()) {
            // Without its grant the holder's tick is unknown: a target that names the tick waits for a grant.
            return tickFrom == null && ttlSaysFresh() ? h : Optional.empty();
        }
        Event g = grant.get();
        if (tickFrom != null && g.tick().isBefore(tickFrom)) {
            return Optional.empty();
        }
        boolean first = recent.stream().noneMatch(e -> e.tick().equals(g.tick()) && e.ts().isBefore(g.ts()));
        long age = Duration.between(g.ts(), now).toMillis();
        long task = spec.get().get(Knobs.TASK_TIME).toMillis();
        return first && age >= Math.min(100, task / 4) && age <= task / jobPart ? h : Optional.empty();
    }

    /** Without the holder's own words: a lease whose age its server shows must be in the first half of the job. */
    private boolean ttlSaysFresh() {
        LockState s = lock.get();
        if (s != null && !s.free() && s.ttlMillis() >= 0) {
            long age = spec.get().get(Knobs.LOCK_TTL).toMillis() - s.ttlMillis();
            return age <= spec.get().get(Knobs.TASK_TIME).toMillis() / 2;
        }
        return true;
    }

    /** The worker that holds the lock now, as the lock's own server says (redis owner w1-pid-uuid, app name w1). */
    public Optional<WorkerProcess> holder() {
        return holderId().flatMap(workers::byId);
    }

    /**
     * The id of the worker that holds the lock now, as the lock's own server says: one of the lab's own, or one that
     * attached from elsewhere (which the lab cannot hurt, but the dashboard marks all the same).
     */
    public Optional<String> holderId() {
        LockState s = lock.get();
        if (s == null || s.free()) {
            return Optional.empty();
        }
        // The holder as its server names it: w1-4242-9f3c (Redis), w1 (PostgreSQL), w1@host1 (a host's file lock),
        // first of a list. An id may hold '-' itself (a pod's name, worker-5d8c7b6f4-x2k9p): the longest known id the
        // name begins with, followed by nothing or a separator, is the holder.
        String name = s.holder();
        List<String> known = new java.util.ArrayList<>(
                workers.all().stream().map(WorkerProcess::id).toList());
        known.addAll(attachedIds.get());
        return known.stream()
                .filter(id -> name.equals(id) || (name.startsWith(id) && "-@, ".indexOf(name.charAt(id.length())) >= 0))
                .max(java.util.Comparator.comparingInt(String::length));
    }

    /** The ids of the workers attached from elsewhere, which may hold the lock too. */
    void alsoKnown(Supplier<List<String>> ids) {
        attachedIds = ids;
    }

    private volatile Supplier<List<String>> attachedIds = List::of;

    /** Adds one worker in the current mode, and returns once it answers {@code /healthz}. */
    public String addWorker() {
        if (workers.all().size() >= 64) {
            return "64 workers is the most the lab runs";
        }
        try {
            WorkerProcess w = workers.start(workers.nextId());
            workers.awaitHealthy(w);
            return w.id() + " up: pid " + w.pid() + ", " + w.url() + ", mode "
                    + spec.get().mode();
        } catch (Exception e) {
            return "cannot start another worker: " + e.getMessage();
        }
    }

    public String removeWorker() {
        try {
            return workers.removeLast(settle.get().plusSeconds(5))
                    ? "stopped the last worker"
                    : "one worker is the fewest";
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return "removing the last worker was interrupted: the lab is stopping";
        }
    }

    /**
     * Empties the counter table, as the trainer does between two demonstrations, and counts afresh from now:
     * figures over rows that are gone would claim missed ticks that ran.
     */
    public synchronized String clearTable() {
        try (CounterStore store = new CounterStore(storeUrl.get())) {
            store.clear();
            countAfresh.run();
            return "counter table emptied; counting afresh from now";
        } catch (SQLException e) {
            return "cannot empty the counter table: " + e.getMessage();
        }
    }
}

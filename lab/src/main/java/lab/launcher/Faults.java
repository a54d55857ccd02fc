package lab.launcher;

import java.io.IOException;
import java.sql.SQLException;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.function.Supplier;
import lab.fleet.ModeSwitcher;
import lab.fleet.WorkerPool;
import lab.fleet.WorkerProcess;
import lab.guard.LockState;
import lab.protocol.ModeSpec;
import lab.servers.LabServer;
import lab.servers.ServerSlot;
import lab.store.CounterStore;

/**
 * What a trainer or a scenario does to a running lab besides switching modes: hurt a worker (kill -9, pause,
 * resume, restart), add or remove one, stop or start a server the lab owns, empty the table. Every action answers
 * with one line: what it did, or why it did nothing.
 */
public final class Faults {
    private final WorkerPool workers;
    private final ModeSwitcher switcher;
    private final Supplier<ModeSpec> spec;
    private final Supplier<LockState> lock;
    private final Supplier<ServerSlot> redis;
    private final Supplier<ServerSlot> postgres;
    private final Supplier<Duration> settle;
    private final Supplier<String> storeUrl;
    private final Duration every;

    Faults(
            WorkerPool workers,
            ModeSwitcher switcher,
            Supplier<ModeSpec> spec,
            Supplier<LockState> lock,
            Supplier<ServerSlot> redis,
            Supplier<ServerSlot> postgres,
            Supplier<Duration> settle,
            Supplier<String> storeUrl,
            Duration every) {
        this.every = every;
        this.workers = workers;
        this.switcher = switcher;
        this.spec = spec;
        this.lock = lock;
        this.redis = redis;
        this.postgres = postgres;
        this.settle = settle;
        this.storeUrl = storeUrl;
    }

    private ServerSlot slot(String name) {
        return "redis".equals(name) ? redis.get() : "postgres".equals(name) ? postgres.get() : null;
    }

    /**
     * Stops the lab's own Redis or PostgreSQL when it runs, starts it when it is down: the fault a trainer injects.
     * Says in one line what it did, or why it did nothing (an external server is not the lab's to stop).
     */
    public String toggleServer(String name) {
        ServerSlot slot = slot(name);
        if (slot == null) {
            return "no server named " + name + " (redis or postgres)";
        }
        if (slot.external()) {
            return name + " at " + slot.address() + " is external: the lab does not own it and will not stop it";
        }
        LabServer server = slot.owned();
        if (server == null) {
            return name + " server is " + slot.info().state() + ": nothing to stop or start";
        }
        if (server.isRunning()) {
            server.stop();
            return name + " server stopped (" + slot.address() + "): modes that need it now fail closed";
        }
        try {
            server.start();
            return name + " server started again at " + slot.address() + " in " + server.startMillis() + " ms";
        } catch (IOException e) {
            return name + " server could not start again: " + e.getMessage();
        }
    }

    String server(String name, boolean start) {
        ServerSlot slot = slot(name);
        LabServer own = slot == null ? null : slot.owned();
        if (own != null && own.isRunning() == start) {
            return name + " server is already " + (start ? "running" : "stopped");
        }
        return toggleServer(name);
    }

    String fault(String kind, String target) {
        Optional<WorkerProcess> found = "holder".equals(target) ? awaitHolder() : workers.byId(target);
        if (found.isEmpty()) {
            return kind + " " + target + ": "
                    + ("holder".equals(target)
                            ? "no worker held the lock during a whole tick ("
                                    + (lock.get() == null ? "lock unknown" : LockWatcher.describe(lock.get())) + ")"
                            : "no worker " + target);
        }
        WorkerProcess w = found.get();
        String who = w.id() + " (pid " + w.pid() + ")";
        switch (kind) {
            case "kill" -> {
                w.kill();
                return "kill -9 " + who + ": it releases nothing; its lock stays as the mechanism leaves it";
            }
            case "pause" -> {
                w.pause();
                return "SIGSTOP " + who + ": paused, holding whatever it held";
            }
            case "resume" -> {
                w.resume();
                // A paused worker could not take a switch made meanwhile: hand it the current mode now.
                ModeSwitcher.Result r = switcher.switchAll(List.of(w), spec.get());
                return "SIGCONT " + who + ": resumed"
                        + (r.complete()
                                ? ", in mode " + spec.get().mode()
                                : "; it did not take mode " + spec.get().mode() + ": "
                                        + String.join("; ", r.refusals()));
            }
            case "restart" -> {
                return restart(w);
            }
            default -> {
                return "no fault named " + kind + " (kill, pause, resume, restart)";
            }
        }
    }

    private String restart(WorkerProcess old) {
        try {
            old.kill();
            old.awaitStop(Duration.ofSeconds(2));
            WorkerProcess fresh = workers.start(old.id());
            workers.awaitHealthy(fresh);
            return "restarted " + old.id() + ": pid " + old.pid() + " → " + fresh.pid() + ", mode "
                    + spec.get().mode();
        } catch (Exception e) {
            return "restart of " + old.id() + " failed: " + e.getMessage();
        }
    }

    /** The worker that holds the lock now, as the lock's own server says (redis owner w1-pid-uuid, app name w1). */
    /**
     * The holder now, or the first within the next tick: a lock held for a short job is free most of the time, and
     * "kill the holder" means the next worker that takes it, not "nothing" by bad luck of timing.
     */
    private Optional<WorkerProcess> awaitHolder() {
        long deadline = System.nanoTime() + every.plusMillis(500).toNanos();
        Optional<WorkerProcess> h = holder();
        while (h.isEmpty() && System.nanoTime() < deadline) {
            try {
                Thread.sleep(20);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            }
            h = holder();
        }
        return h;
    }

    Optional<WorkerProcess> holder() {
        LockState s = lock.get();
        if (s == null || s.free()) {
            return Optional.empty();
        }
        String id = s.holder().split("[-, ]", 2)[0];
        return workers.byId(id);
    }

    /** Adds one worker in the current mode, and returns once it answers {@code /healthz}. */
    public String addWorker() {
        if (workers.all().size() >= 64) {
            return "64 workers is the most the lab runs";
        }
        try {
            WorkerProcess w = workers.start(workers.nextId());
            int port = workers.awaitHealthy(w);
            return w.id() + " up: pid " + w.pid() + ", http://127.0.0.1:" + port + ", mode "
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

    /** Empties the counter table, as the trainer does between two demonstrations. */
    String clearTable() {
        try (CounterStore store = new CounterStore(storeUrl.get())) {
            store.clear();
            return "counter table emptied";
        } catch (SQLException e) {
            return "cannot empty the counter table: " + e.getMessage();
        }
    }
}

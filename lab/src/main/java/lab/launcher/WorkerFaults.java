package lab.launcher;

import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.function.BiFunction;
import java.util.function.Supplier;
import lab.fleet.ModeSwitcher;
import lab.fleet.WorkerPool;
import lab.fleet.WorkerProcess;
import lab.nemesis.FaultResult;
import lab.nemesis.WorkerFault;
import lab.nemesis.WorkerTarget;
import lab.os.FakeTime;
import lab.protocol.Durations;
import lab.protocol.Knobs;
import lab.protocol.LabFact;
import lab.protocol.ModeSpec;

/**
 * The faults that hurt one of the lab's own worker processes: kill -9, pause, resume, a graceful stop, a restart.
 * Each is recorded (a {@code fault} event) before it lands: a kill's consequences (its key outliving it) come after.
 */
final class WorkerFaults {
    private final WorkerPool workers;
    private final ModeSwitcher switcher;
    private final Supplier<ModeSpec> spec;
    private final Supplier<Duration> settle;
    private final Holders holders;
    private final Recording recording;
    /** The worker the last {@code pause: holder} paused: what {@code resume: holder} lets go. */
    private volatile String pausedHolder;

    WorkerFaults(
            WorkerPool workers,
            ModeSwitcher switcher,
            Supplier<ModeSpec> spec,
            Supplier<Duration> settle,
            Holders holders,
            Recording recording) {
        this.workers = workers;
        this.switcher = switcher;
        this.spec = spec;
        this.settle = settle;
        this.holders = holders;
        this.recording = recording;
    }

    FaultResult kill(WorkerFault.Kill f) {
        return hurt(f, f.target(), (w, who) -> {
            w.kill();
            return new FaultResult.Done(
                    "kill -9 " + who + ": it releases nothing; its lock stays as the mechanism leaves it");
        });
    }

    FaultResult pause(WorkerFault.Pause f) {
        return hurt(f, f.target(), (w, who) -> {
            if (f.target().isHolder()) {
                pausedHolder = w.id();
            }
            w.pause();
            return new FaultResult.Done("SIGSTOP " + who + ": paused, holding whatever it held");
        });
    }

    FaultResult resume(WorkerFault.Resume f) {
        WorkerTarget target = f.target();
        if (target.isHolder()) {
            // The holder now is someone else, if anyone: the one to resume is the holder the pause took.
            if (pausedHolder == null) {
                return new FaultResult.Refused("resume holder: no worker was paused as the holder");
            }
            target = WorkerTarget.of(pausedHolder);
        }
        return hurt(f, target, (w, who) -> {
            w.resume();
            // A paused worker could not take a switch made meanwhile: hand it the current mode now.
            ModeSwitcher.Result r = switcher.switchAll(List.of(w), spec.get());
            String line = "SIGCONT " + who + ": resumed";
            return r.complete()
                    ? new FaultResult.Done(line + ", in mode " + spec.get().mode())
                    : new FaultResult.Incomplete(line + "; it did not take mode "
                            + spec.get().mode() + ": " + String.join("; ", r.notAcknowledged()));
        });
    }

    FaultResult stop(WorkerFault.Stop f) {
        return hurt(f, f.target(), (w, who) -> {
            boolean releases = spec.get().get(Knobs.RELEASE_ON_SHUTDOWN);
            w.requestStop();
            try {
                w.awaitStop(settle.get().plusSeconds(5));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            return new FaultResult.Done("SIGTERM " + who + ": stopped gracefully, "
                    + (releases
                            ? "giving back what it held (release-on-shutdown on)"
                            : "without its release path (release-on-shutdown off): its lock stays until it expires"));
        });
    }

    FaultResult restart(WorkerFault.Restart f) {
        return hurt(f, f.target(), (old, who) -> restarted(old, ""));
    }

    /**
     * A restart whose fresh JVM's wall clock is {@code by} from the machine's; refused, before anything is hurt, where
     * libfaketime is missing.
     */
    FaultResult skew(WorkerFault.Skew f) {
        Optional<String> whyNot = f.by().isZero() ? Optional.empty() : FakeTime.whyNot();
        if (whyNot.isPresent()) {
            return new FaultResult.Refused(f.describe() + ": " + whyNot.get());
        }
        return hurt(f, f.target(), (old, who) -> {
            workers.skew(old.id(), f.by());
            // Stopped as a deploy stops it (SIGTERM: its job ends, and with release-on-shutdown its lock is given
            // back), not killed: the restart only carries libfaketime in, and a skew lesson must not show a
            // dead holder's lock, which a kill -9 mid-job leaves for the whole lease (lesson 23 on the dashboard).
            old.requestStop();
            try {
                old.awaitStop(settle.get().plusSeconds(5));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            return restarted(
                    old,
                    f.by().isZero()
                            ? ", on the machine's clock"
                            : ", its clock " + Durations.formatSigned(f.by()) + " from the machine's");
        });
    }

    /**
     * Hands the pool {@code worker}'s offset before its first process is forked, and records it as a skew fault with
     * no process yet: the offset holds for every process of this id until a later skew fault says otherwise.
     */
    String skewAtStart(String worker, Duration by) {
        workers.skew(worker, by);
        String line =
                worker + " starts with its clock " + Durations.formatSigned(by) + " from the machine's (libfaketime)";
        recording.lab(
                spec.get().mode().cliName(),
                line,
                new LabFact.Fault(LabFact.FaultKind.SKEW, worker, null, null, null, by.toMillis()));
        return line;
    }

    private FaultResult restarted(WorkerProcess old, String clock) {
        try {
            old.kill();
            old.awaitStop(Duration.ofSeconds(2));
            WorkerProcess fresh = workers.start(old.id());
            workers.awaitHealthy(fresh);
            recording.lab(
                    spec.get().mode().cliName(),
                    "restarted " + old.id(),
                    new LabFact.Restart(old.id(), old.pid(), fresh.pid()));
            return new FaultResult.Done("restarted " + old.id() + ": pid " + old.pid() + " → " + fresh.pid() + ", mode "
                    + spec.get().mode() + clock);
        } catch (Exception e) {
            return new FaultResult.Failed("restart of " + old.id() + " failed: " + e.getMessage());
        }
    }

    /**
     * Finds the worker {@code target} names (the holder: now, or the first in the next tick), records the fault and
     * lets {@code act} hurt it; says why nothing happened when there is no such worker of the lab's own.
     */
    private FaultResult hurt(WorkerFault f, WorkerTarget target, BiFunction<WorkerProcess, String, FaultResult> act) {
        String kind = f.word();
        Optional<WorkerProcess> found = target.isHolder() ? holders.from(target.tickFrom()) : workers.byId(target.id());
        if (found.isEmpty()) {
            // A worker attached from elsewhere runs on another machine, or in a pod: no signal of the lab reaches it.
            Optional<String> elsewhere = target.isHolder()
                    ? holders.holderId().filter(id -> workers.byId(id).isEmpty())
                    : Optional.of(target.id()).filter(holders::attached);
            if (elsewhere.isPresent()) {
                return new FaultResult.NotApplicable(kind + " " + target + ": " + elsewhere.get()
                        + (target.isHolder() ? " holds the lock, and it" : "")
                        + " is a worker attached from elsewhere: the lab sends it no signal; "
                        + "stop or kill it where it runs");
            }
            return new FaultResult.Refused(kind + " " + target + ": "
                    + (target.isHolder()
                            ? "no worker held the lock during a whole tick ("
                                    + (holders.lock() == null ? "lock unknown" : LockWatcher.describe(holders.lock()))
                                    + ")"
                            : "no worker " + target));
        }
        WorkerProcess w = found.get();
        String who = w.id() + " (pid " + w.pid() + ")";
        // Recorded before it lands: a kill's consequences (its key outliving it) come after this instant.
        recording.lab(
                spec.get().mode().cliName(),
                kind + " " + who,
                f instanceof WorkerFault.Skew s
                        ? LabFact.Fault.skew(w.id(), w.pid(), s.by().toMillis())
                        : LabFact.Fault.on(f.kind(), w.id(), w.pid()));
        return act.apply(w, who);
    }
}

package lab.launcher;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.function.Supplier;
import lab.fleet.WorkerPool;
import lab.fleet.WorkerProcess;
import lab.guard.LockState;
import lab.protocol.Event;
import lab.protocol.EventType;
import lab.protocol.Knobs;
import lab.protocol.Mode;
import lab.protocol.ModeSpec;

/**
 * Who holds the lock, as its own server says, for the faults aimed at {@code holder}: the holder now, or the one of
 * the next tick, caught early enough in its job that the fault lands while it still holds the lock.
 */
final class Holders {
    private final WorkerPool workers;
    private final Supplier<ModeSpec> spec;
    private final Supplier<LockState> lock;
    private final Duration every;
    private final Recording recording;
    private volatile Supplier<List<String>> attachedIds = List::of;

    Holders(
            WorkerPool workers,
            Supplier<ModeSpec> spec,
            Supplier<LockState> lock,
            Duration every,
            Recording recording) {
        this.workers = workers;
        this.spec = spec;
        this.lock = lock;
        this.every = every;
        this.recording = recording;
    }

    /** The ids of the workers attached from elsewhere, which may hold the lock too. */
    void alsoKnown(Supplier<List<String>> ids) {
        attachedIds = ids;
    }

    /** Whether {@code id} is a worker attached from elsewhere. */
    boolean attached(String id) {
        return attachedIds.get().contains(id);
    }

    /** The lock as its server shows it now; null when it cannot be observed. */
    LockState lock() {
        return lock.get();
    }

    /**
     * The holder whose tick began at or after {@code tickFrom}, as {@code kill: holder} finds it but in the first
     * quarter of its job: a partition must land early, so that the lease runs out while the holder still has most of
     * its job ahead (the lesson is a holder that works on without its lock).
     */
    Optional<WorkerProcess> earlyFrom(Instant tickFrom) {
        return await(tickFrom, 4);
    }

    /**
     * The holder of a tick that began at or after {@code tickFrom} (null: whoever holds it now), in the first half of
     * its job.
     */
    Optional<WorkerProcess> from(Instant tickFrom) {
        return await(tickFrom, 2);
    }

    /**
     * The holder now, or the first within the next tick: a lock held for a short job is free most of the time, and
     * "kill the holder" means the next worker that takes it, not "nothing" by bad luck of timing. A lease whose age
     * its server shows (a Redis key's TTL left) must be in the first half of its job: the lock is observed every
     * 100 ms, and a holder seen in its last moments may have given the lock back before the fault lands. Such a
     * fault would hurt a worker that holds nothing, and the lesson would show nothing.
     */
    private Optional<WorkerProcess> await(Instant tickFrom, int jobPart) {
        long deadline =
                System.nanoTime() + every.multipliedBy(2).plusMillis(500).toNanos();
        Optional<WorkerProcess> h = fresh(tickFrom, jobPart);
        while (h.isEmpty() && System.nanoTime() < deadline) {
            try {
                Thread.sleep(20);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            }
            h = fresh(tickFrom, jobPart);
        }
        return h;
    }

    /** @param tickFrom null, or the earliest start of the tick whose holder will do */
    private Optional<WorkerProcess> fresh(Instant tickFrom, int jobPart) {
        Optional<WorkerProcess> h = holder();
        if (h.isEmpty()) {
            return h;
        }
        // The holder's own grant, from what it said: a renewed lease looks young to its TTL, and with lock-wait and
        // re-check the waiters take the lock in turn after the job only to find the row written. The holder meant
        // is the one whose grant was the tick's first, inside its job: past the re-check that opens it (a few ms;
        // a fault before it would find the row and prove nothing) and less than half a job ago.
        Instant now = Instant.now();
        // A clustered store takes no lock: the store's fire on a node is its grant.
        EventType grants =
                spec.get().mode().lock().sight() == Mode.Sight.CLUSTER ? EventType.FIRED : EventType.ACQUIRED;
        List<Event> recent = recording.since(now.minus(every.multipliedBy(2))).stream()
                .filter(e -> e.type() == grants && e.tick() != null)
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
    Optional<WorkerProcess> holder() {
        return holderId().flatMap(workers::byId);
    }

    /**
     * The id of the worker that holds the lock now, as the lock's own server says: one of the lab's own, or one that
     * attached from elsewhere (which the lab cannot hurt, but the dashboard marks all the same).
     */
    Optional<String> holderId() {
        LockState s = lock.get();
        if (s == null || s.free()) {
            return Optional.empty();
        }
        // The holder as its server names it: w1-4242-9f3c (Redis), w1 (PostgreSQL), w1@host1 (a host's file lock),
        // first of a list. An id may hold '-' itself (a pod's name, worker-5d8c7b6f4-x2k9p): the longest known id the
        // name begins with, followed by nothing or a separator, is the holder.
        String name = s.holder();
        List<String> known =
                new ArrayList<>(workers.all().stream().map(WorkerProcess::id).toList());
        known.addAll(attachedIds.get());
        return known.stream()
                .filter(id -> name.equals(id) || (name.startsWith(id) && "-@, ".indexOf(name.charAt(id.length())) >= 0))
                .max(Comparator.comparingInt(String::length));
    }
}

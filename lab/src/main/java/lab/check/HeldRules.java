package lab.check;

import java.time.Instant;
import java.util.List;
import java.util.Optional;
import lab.protocol.GivenBack;
import lab.protocol.LabFact;
import lab.protocol.LockFact;
import lab.protocol.WorkerFact;

/**
 * The missed-tick rules about a lock someone still held when the tick fired: its holder dead, or still inside an
 * earlier tick's job. {@link MissedRules} tries them in precedence order.
 */
final class HeldRules {
    private HeldRules() {}

    /** The lock a worker skipped for, or a worker that took the lock for this tick, belonged to a killed process. */
    static Optional<String> deadHolder(Instant tick, Instant end, RecordingIndex history, Said said) {
        List<Heard<WorkerFact.Skipped>> held = heldSkips(tick, history);
        for (Heard<WorkerFact.Skipped> skip : held) {
            Owner holder = Owner.parse(skip.fact().holder());
            Optional<Heard<LockFact.Acquired>> acquired =
                    history.grantSeenBy(skip.fact().holder(), skip);
            Optional<Heard<LabFact>> fault =
                    acquired.flatMap(a -> history.killed(holder, a.ts())).filter(f -> !f.ts().isAfter(end));
            if (fault.isPresent()) {
                Long left = skip.fact().holderMsLeft();
                return Optional.of(holder.name() + " held "
                        + JobRun.lockName(acquired.get().fact())
                        + (left == null ? "" : " (" + left + " ms left)") + " but " + past(fault.get())
                        + " at " + said.at(fault.get().ts()));
            }
        }
        if (!held.isEmpty()) {
            return Optional.empty();
        }
        for (Heard<LockFact.Acquired> acquired : history.ofTick(LockFact.Acquired.class, tick)) {
            Owner taker = new Owner(acquired.worker(), acquired.worker(), acquired.pid());
            Optional<Heard<LabFact>> fault = history.killed(taker, acquired.ts());
            if (fault.isPresent()) {
                Instant expires = acquired.fact().expiresAt();
                String left = expires == null
                        ? ""
                        : " (its key had " + Said.ms(fault.get().ts(), expires) + " ms left)";
                return Optional.of(
                        acquired.worker() + " (pid " + acquired.pid() + ") took " + JobRun.lockName(acquired.fact())
                                + " at " + said.at(acquired.ts()) + " but " + past(fault.get()) + " at "
                                + said.at(fault.get().ts()) + " before writing its row" + left);
            }
        }
        return ClusterMissRules.deadNode(tick, end, history, said);
    }

    /** A worker skipped because a lock taken for an earlier tick was still held when this one fired. */
    static Optional<String> heldPastWindow(Instant tick, Instant end, RecordingIndex history, Said said) {
        for (Heard<WorkerFact.Skipped> skip : heldSkips(tick, history)) {
            String holder = skip.fact().holder();
            Optional<Heard<LockFact.Acquired>> acquired = history.grantSeenBy(holder, skip)
                    .filter(a -> a.tick() != null && a.tick().isBefore(tick));
            if (acquired.isPresent()) {
                Long left = skip.fact().holderMsLeft();
                return Optional.of(
                        holder + " still held " + JobRun.lockName(acquired.get().fact()) + " from tick "
                                + Said.tick(acquired.get().tick()) + (left == null ? "" : " (" + left + " ms left)")
                                + " when " + skip.worker() + " tried at " + said.at(skip.ts()));
            }
        }
        return history.ofTick(WorkerFact.Skipped.class, tick).stream()
                .filter(e -> e.fact().reason() == WorkerFact.SkipReason.HELD
                        && e.fact().holder() == null
                        && e.fact().key() != null)
                .flatMap(skip -> goneWhenAsked(skip, tick, history, said).stream())
                .findFirst();
    }

    /**
     * A skip that found the key taken, and gone by the time it asked who held it: the holder let it go just then.
     * It is held-past-window only if the recording has that holder: the last taker of the key for an earlier tick,
     * whose lock was free again only after this tick began.
     */
    private static Optional<String> goneWhenAsked(
            Heard<WorkerFact.Skipped> skip, Instant tick, RecordingIndex history, Said said) {
        String key = skip.fact().key();
        Optional<Heard<LockFact.Acquired>> last =
                history.where(LockFact.Acquired.class, a -> key.equals(a.key())).stream()
                        .filter(a -> a.tick() != null && a.tick().isBefore(tick) && !a.ts().isAfter(skip.ts()))
                        .reduce((a, b) -> b);
        if (last.isEmpty() || last.get().fact().owner() == null) {
            return Optional.empty();
        }
        Heard<LockFact.Acquired> acquired = last.get();
        String owner = acquired.fact().owner();
        return history.where(GivenBack.Released.class, r -> owner.equals(r.owner())).stream()
                .findFirst()
                .map(released -> {
                    Instant until = released.fact().expiresAt();
                    return until == null || until.isBefore(released.ts()) ? released.ts() : until;
                })
                .filter(free -> free.isAfter(tick))
                .map(free -> owner + " held " + JobRun.lockName(acquired.fact()) + " from tick "
                        + Said.tick(acquired.tick()) + " until " + said.at(free) + ", past this tick's start; "
                        + skip.worker() + " found it taken at " + said.at(skip.ts())
                        + " and gone when it asked who held it");
    }

    /** This tick's skips because someone held the lock, that name the holder. */
    static List<Heard<WorkerFact.Skipped>> heldSkips(Instant tick, RecordingIndex history) {
        return history.ofTick(WorkerFact.Skipped.class, tick).stream()
                .filter(e -> e.fact().reason() == WorkerFact.SkipReason.HELD
                        && e.fact().holder() != null)
                .toList();
    }

    static String past(Heard<LabFact> fault) {
        if (fault.fact() instanceof LabFact.Exited exited) {
            Integer code = exited.exitCode();
            return "died on its own (" + (code == null ? "no exit code" : "exit " + code) + ")";
        }
        return fault.fact() instanceof LabFact.Fault f && f.kind() == LabFact.FaultKind.STOP
                ? "was stopped"
                : fault.fact() instanceof LabFact.Fault f
                                && (f.kind() == LabFact.FaultKind.RESTART || f.kind() == LabFact.FaultKind.SKEW)
                        ? "was killed by a restart"
                        : "was killed";
    }
}

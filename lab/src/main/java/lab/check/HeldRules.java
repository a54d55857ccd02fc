package lab.check;

import java.time.Instant;
import java.util.List;
import java.util.Optional;
import lab.protocol.GivenBack;
import lab.protocol.LabFact;
import lab.protocol.LockFact;
import lab.protocol.LockOwner;
import lab.protocol.WorkerFact;

/**
 * The missed-tick rules about a lock someone still held when the tick fired: its holder dead, or still inside an
 * earlier tick's job. {@link MissedRules} tries them in precedence order.
 */
final class HeldRules {
    private HeldRules() {}

    /** The lock a worker skipped for, or a worker that took the lock for this tick, belonged to a killed process. */
    static Optional<Evidence> deadHolder(Instant tick, Instant end, RecordingIndex history, Said said) {
        List<Heard<WorkerFact.Skipped>> held = heldSkips(tick, history);
        for (Heard<WorkerFact.Skipped> skip : held) {
            LockOwner holder = LockOwner.parse(skip.fact().holder());
            Optional<Heard<LockFact.Acquired>> acquired =
                    history.grantSeenBy(skip.fact().holder(), skip);
            Optional<Heard<LabFact>> fault =
                    acquired.flatMap(a -> history.killed(holder, a.ts())).filter(f -> !f.ts().isAfter(end));
            if (fault.isPresent()) {
                Long left = skip.fact().holderMsLeft();
                Evidence past = past(fault.get());
                String at = said.at(fault.get().ts());
                return Evidence.of(
                        holder + " held "
                                + JobRun.lockName(acquired.get().fact())
                                + (left == null ? "" : " (" + left + " ms left)") + " but " + past.en() + " at " + at,
                        holder + " 持有 "
                                + JobRun.lockNameZh(acquired.get().fact())
                                + (left == null ? "" : "（还剩 " + left + " ms）") + "，但在 " + at + " " + past.zh());
            }
        }
        if (!held.isEmpty()) {
            return Optional.empty();
        }
        for (Heard<LockFact.Acquired> acquired : history.ofTick(LockFact.Acquired.class, tick)) {
            LockOwner taker = LockOwner.of(acquired.worker(), acquired.pid());
            Optional<Heard<LabFact>> fault = history.killed(taker, acquired.ts());
            if (fault.isPresent()) {
                Instant expires = acquired.fact().expiresAt();
                Long left = expires == null ? null : Said.ms(fault.get().ts(), expires);
                Evidence past = past(fault.get());
                String took = said.at(acquired.ts());
                String at = said.at(fault.get().ts());
                return Evidence.of(
                        acquired.worker() + " (pid " + acquired.pid() + ") took " + JobRun.lockName(acquired.fact())
                                + " at " + took + " but " + past.en() + " at " + at + " before writing its row"
                                + (left == null ? "" : " (its key had " + left + " ms left)"),
                        acquired.worker() + "（pid " + acquired.pid() + "）在 " + took + " 拿到了 "
                                + JobRun.lockNameZh(acquired.fact()) + "，但在 " + at + " " + past.zh() + "，没来得及写它的行"
                                + (left == null ? "" : "（它的 key 还剩 " + left + " ms）"));
            }
        }
        return ClusterMissRules.deadNode(tick, end, history, said);
    }

    /** A worker skipped because a lock taken for an earlier tick was still held when this one fired. */
    static Optional<Evidence> heldPastWindow(Instant tick, Instant end, RecordingIndex history, Said said) {
        for (Heard<WorkerFact.Skipped> skip : heldSkips(tick, history)) {
            String holder = skip.fact().holder();
            Optional<Heard<LockFact.Acquired>> acquired = history.grantSeenBy(holder, skip)
                    .filter(a -> a.tick() != null && a.tick().isBefore(tick));
            if (acquired.isPresent()) {
                Long left = skip.fact().holderMsLeft();
                String from = Said.tick(acquired.get().tick());
                String tried = said.at(skip.ts());
                return Evidence.of(
                        holder + " still held " + JobRun.lockName(acquired.get().fact()) + " from tick " + from
                                + (left == null ? "" : " (" + left + " ms left)") + " when " + skip.worker()
                                + " tried at " + tried,
                        skip.worker() + " 在 " + tried + " 尝试时，" + holder + " 还持有 tick " + from + " 时拿到的 "
                                + JobRun.lockNameZh(acquired.get().fact())
                                + (left == null ? "" : "（还剩 " + left + " ms）"));
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
    private static Optional<Evidence> goneWhenAsked(
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
                .map(free -> {
                    String from = Said.tick(acquired.tick());
                    String until = said.at(free);
                    String found = said.at(skip.ts());
                    return new Evidence(
                            owner + " held " + JobRun.lockName(acquired.fact()) + " from tick " + from + " until "
                                    + until + ", past this tick's start; " + skip.worker() + " found it taken at "
                                    + found + " and gone when it asked who held it",
                            owner + " 从 tick " + from + " 起持有 " + JobRun.lockNameZh(acquired.fact()) + "，一直到 "
                                    + until + "，已经过了这个 tick 的开始；" + skip.worker() + " 在 " + found
                                    + " 发现它被占着，再问是谁持有时，它已经被释放了");
                });
    }

    /** This tick's skips because someone held the lock, that name the holder. */
    static List<Heard<WorkerFact.Skipped>> heldSkips(Instant tick, RecordingIndex history) {
        return history.ofTick(WorkerFact.Skipped.class, tick).stream()
                .filter(e -> e.fact().reason() == WorkerFact.SkipReason.HELD
                        && e.fact().holder() != null)
                .toList();
    }

    /** What became of a holder's process, as a verb phrase: said after "but", and after "但在 <time>". */
    static Evidence past(Heard<LabFact> fault) {
        if (fault.fact() instanceof LabFact.Exited exited) {
            Integer code = exited.exitCode();
            return new Evidence(
                    "died on its own (" + (code == null ? "no exit code" : "exit " + code) + ")",
                    "自己退出了（" + (code == null ? "没有退出码" : "exit " + code) + "）");
        }
        return fault.fact() instanceof LabFact.Fault f && f.kind() == LabFact.FaultKind.STOP
                ? new Evidence("was stopped", "被停掉了")
                : fault.fact() instanceof LabFact.Fault f
                                && (f.kind() == LabFact.FaultKind.RESTART || f.kind() == LabFact.FaultKind.SKEW)
                        ? new Evidence("was killed by a restart", "被一次重启杀掉了")
                        : new Evidence("was killed", "被杀掉了");
    }
}

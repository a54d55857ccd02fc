package lab.check;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import lab.protocol.GivenBack;
import lab.protocol.LabFact;
import lab.protocol.LockFact;
import lab.protocol.WorkerFact;

/**
 * Why a tick window has no row: one rule per cause, tried most specific first (the order of {@link Cause}).
 * A rule formats its times only once it holds.
 */
final class MissedRules {
    private interface Rule {
        Optional<String> evidence(Instant tick, Instant end, RecordingIndex history, Said said);
    }

    private static final Map<Cause, Rule> RULES = new EnumMap<>(Cause.class);

    static {
        RULES.put(Cause.REFUSED, MissedRules::refused);
        RULES.put(Cause.STORE_DOWN, MissedRules::storeDown);
        RULES.put(Cause.DEAD_HOLDER, MissedRules::deadHolder);
        RULES.put(Cause.HELD_PAST_WINDOW, MissedRules::heldPastWindow);
        RULES.put(Cause.LATE_FIRE, MissedRules::lateFire);
        RULES.put(Cause.NO_WORKER, MissedRules::noWorker);
    }

    private MissedRules() {}

    static Verdict judge(Instant tick, Duration period, RecordingIndex history, Said said) {
        Instant end = tick.plus(period);
        for (Map.Entry<Cause, Rule> rule : RULES.entrySet()) {
            Optional<String> evidence = rule.getValue().evidence(tick, end, history, said);
            if (evidence.isPresent()) {
                return new Verdict(rule.getKey(), evidence.get());
            }
        }
        String fired = history.ofTick(WorkerFact.Fired.class, tick).stream()
                .map(Heard::worker)
                .distinct()
                .collect(Collectors.joining(", "));
        String skipped = history.ofTick(WorkerFact.Skipped.class, tick).stream()
                .map(e -> e.worker() + " skipped (" + e.fact().reason() + ")")
                .collect(Collectors.joining(", "));
        return new Verdict(
                Cause.UNEXPLAINED,
                "unexplained — " + fired + " fired but none wrote a row"
                        + (skipped.isEmpty() ? " and none said it skipped" : "; " + skipped));
    }

    /**
     * The tick's write was refused for a stale fencing token: its holder lost its lease (a pause) and another
     * worker, with a higher token, wrote meanwhile. Fencing kept the wrong write out and left the tick without one.
     */
    private static Optional<String> refused(Instant tick, Instant end, RecordingIndex history, Said said) {
        return history.ofTick(WorkerFact.Refused.class, tick).stream()
                .filter(e -> e.fact().token() != null)
                .findFirst()
                .map(e -> e.worker() + "'s write for this tick was refused at " + said.at(e.ts()) + ": its token "
                        + e.fact().token() + " was lower than " + e.fact().lastToken()
                        + ", the last the store accepted; the lock had passed on while it held it");
    }

    /**
     * Every worker that fired for this tick failed closed because a server it needs could not be reached: its lock's
     * (an error with {@code reason: lock-down}, and no fallback), or the store's, which refused the write of a job
     * that ran ({@code reason: store-down}); a worker that skipped because one of those held the lock failed with
     * it. The tick was given up, not run twice.
     */
    private static Optional<String> storeDown(Instant tick, Instant end, RecordingIndex history, Said said) {
        List<Heard<WorkerFact.Fired>> fired = history.ofTick(WorkerFact.Fired.class, tick);
        List<Heard<GivenBack.Error>> errors = history.ofTick(GivenBack.Error.class, tick).stream()
                .filter(e -> !e.fact().fallback())
                .toList();
        List<String> lockDown = workers(errors, GivenBack.ErrorReason.LOCK_DOWN);
        List<String> storeDown = workers(errors, GivenBack.ErrorReason.STORE_DOWN);
        // A fencing token that a restarted lock server counted again is never used: the lock was there, the token not.
        List<String> reissued = workers(errors, GivenBack.ErrorReason.TOKEN_REISSUED);
        List<String> skippedForThem = heldSkips(tick, history).stream()
                .filter(e -> storeDown.contains(Owner.parse(e.fact().holder()).worker())
                        || reissued.contains(Owner.parse(e.fact().holder()).worker()))
                .map(Heard::worker)
                .distinct()
                .sorted()
                .toList();
        List<String> firedBy =
                fired.stream().map(Heard::worker).distinct().sorted().toList();
        Set<String> excused = new HashSet<>(lockDown);
        excused.addAll(storeDown);
        excused.addAll(reissued);
        excused.addAll(skippedForThem);
        if (firedBy.isEmpty() || !excused.containsAll(firedBy)) {
            return Optional.empty();
        }
        String stopped = history.launcher(LabFact.Server.class).stream()
                .filter(e -> !e.fact().up() && !e.ts().isAfter(end))
                .reduce((a, b) -> b)
                .map(e -> "; " + e.fact().name() + " was stopped at " + said.at(e.ts()))
                .orElse("");
        List<String> parts = new ArrayList<>();
        if (!lockDown.isEmpty()) {
            parts.add(String.join(", ", lockDown) + " fired and failed closed: their lock's server could not be"
                    + " reached");
        }
        if (!reissued.isEmpty()) {
            parts.add(String.join(", ", reissued) + " took the lock and failed closed: its fencing token had been"
                    + " issued before in this session (the lock server's counter went back)");
        }
        if (!storeDown.isEmpty()) {
            parts.add(String.join(", ", storeDown) + " ran it and could not write: the store could not be reached");
        }
        String skips = skippedForThem.isEmpty()
                ? ""
                : " (" + String.join(", ", skippedForThem) + " skipped: the lock was held for it)";
        return Optional.of(String.join("; ", parts) + skips + stopped);
    }

    private static List<String> workers(List<Heard<GivenBack.Error>> errors, GivenBack.ErrorReason reason) {
        return errors.stream()
                .filter(e -> e.fact().reason() == reason)
                .map(Heard::worker)
                .distinct()
                .sorted()
                .toList();
    }

    /** The lock a worker skipped for, or a worker that took the lock for this tick, belonged to a killed process. */
    private static Optional<String> deadHolder(Instant tick, Instant end, RecordingIndex history, Said said) {
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
        return ClusterRules.deadNode(tick, end, history, said);
    }

    /** A worker skipped because a lock taken for an earlier tick was still held when this one fired. */
    private static Optional<String> heldPastWindow(Instant tick, Instant end, RecordingIndex history, Said said) {
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

    /**
     * No worker ran the tick because every fire for it came too late to run: more than half a period after its time,
     * so its scheduler dropped it (Quartz's misfire threshold) or the worker judged it missed. Its process was paused,
     * or the machine starved it of the CPU; the lateness of each says by how much.
     */
    private static Optional<String> lateFire(Instant tick, Instant end, RecordingIndex history, Said said) {
        if (!history.ofTick(WorkerFact.Fired.class, tick).isEmpty()) {
            return Optional.empty();
        }
        List<Heard<WorkerFact.Skipped>> late = history.ofTick(WorkerFact.Skipped.class, tick).stream()
                .filter(e -> e.fact().reason() == WorkerFact.SkipReason.LATE)
                .toList();
        if (late.isEmpty()) {
            return Optional.empty();
        }
        String who = late.stream()
                .map(e -> e.worker() + " "
                        + Duration.between(
                                        e.fact().scheduledAt() == null
                                                ? tick
                                                : e.fact().scheduledAt(),
                                        e.ts())
                                .toMillis()
                        + " ms")
                .distinct()
                .collect(Collectors.joining(", "));
        return Optional.of("no fire came in time to run it: " + who + " late, more than half a period (paused, or"
                + " starved of the CPU); no other worker fired");
    }

    private static Optional<String> noWorker(Instant tick, Instant end, RecordingIndex history, Said said) {
        return history.ofTick(WorkerFact.Fired.class, tick).isEmpty()
                ? Optional.of("no worker fired (all down or paused)")
                : Optional.empty();
    }

    /** This tick's skips because someone held the lock, that name the holder. */
    private static List<Heard<WorkerFact.Skipped>> heldSkips(Instant tick, RecordingIndex history) {
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

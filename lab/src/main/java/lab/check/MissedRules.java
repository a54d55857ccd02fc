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
import lab.protocol.LockOwner;
import lab.protocol.WorkerFact;

/**
 * Why a tick window has no row: one rule per cause, tried most specific first (the order of {@link Cause}).
 * A rule formats its times only once it holds.
 */
final class MissedRules {
    private interface Rule {
        Optional<Evidence> evidence(Instant tick, Instant end, RecordingIndex history, Said said);
    }

    private static final Map<Cause, Rule> RULES = new EnumMap<>(Cause.class);

    static {
        RULES.put(Cause.REFUSED, MissedRules::refused);
        RULES.put(Cause.STORE_DOWN, MissedRules::storeDown);
        RULES.put(Cause.DEAD_HOLDER, HeldRules::deadHolder);
        RULES.put(Cause.HELD_PAST_WINDOW, HeldRules::heldPastWindow);
        RULES.put(Cause.LATE_FIRE, MissedRules::lateFire);
        RULES.put(Cause.NO_WORKER, MissedRules::noWorker);
    }

    private MissedRules() {}

    static RuleVerdict judge(Instant tick, Duration period, RecordingIndex history, Said said) {
        Instant end = tick.plus(period);
        for (Map.Entry<Cause, Rule> rule : RULES.entrySet()) {
            Optional<Evidence> evidence = rule.getValue().evidence(tick, end, history, said);
            if (evidence.isPresent()) {
                return new RuleVerdict(rule.getKey(), evidence.get());
            }
        }
        List<String> fired = history.ofTick(WorkerFact.Fired.class, tick).stream()
                .map(Heard::worker)
                .distinct()
                .toList();
        List<Heard<WorkerFact.Skipped>> skips = history.ofTick(WorkerFact.Skipped.class, tick);
        String skipped = skips.stream()
                .map(e -> e.worker() + " skipped (" + e.fact().reason() + ")")
                .collect(Collectors.joining(", "));
        String skippedZh = skips.stream()
                .map(e -> e.worker() + " 跳过了（" + e.fact().reason() + "）")
                .collect(Collectors.joining("，"));
        return new RuleVerdict(
                Cause.UNEXPLAINED,
                new Evidence(
                        "unexplained — " + String.join(", ", fired) + " fired but none wrote a row"
                                + (skipped.isEmpty() ? " and none said it skipped" : "; " + skipped),
                        "无法解释——" + String.join("、", fired) + " 触发了，但一行也没写"
                                + (skips.isEmpty() ? "，也没有谁说自己跳过了" : "；" + skippedZh)));
    }

    /**
     * The tick's write was refused for a stale fencing token: its holder lost its lease (a pause) and another
     * worker, with a higher token, wrote meanwhile. Fencing kept the wrong write out and left the tick without one.
     */
    private static Optional<Evidence> refused(Instant tick, Instant end, RecordingIndex history, Said said) {
        return history.ofTick(WorkerFact.Refused.class, tick).stream()
                .filter(e -> e.fact().token() != null)
                .findFirst()
                .map(e -> {
                    String at = said.at(e.ts());
                    return new Evidence(
                            e.worker() + "'s write for this tick was refused at " + at + ": its token "
                                    + e.fact().token() + " was lower than "
                                    + e.fact().lastToken()
                                    + ", the last the store accepted; the lock had passed on while it held it",
                            e.worker() + " 为这个 tick 的写入在 " + at + " 被拒绝了：它的 token "
                                    + e.fact().token() + " 小于存储最后接受的 "
                                    + e.fact().lastToken() + "；它持有锁的期间，锁已经转到了别人手里");
                });
    }

    /**
     * Every worker that fired for this tick failed closed because a server it needs could not be reached: its lock's
     * (an error with {@code reason: lock-down}, and no fallback), or the store's, which refused the write of a job
     * that ran ({@code reason: store-down}); a worker that skipped because one of those held the lock failed with
     * it. The tick was given up, not run twice.
     */
    private static Optional<Evidence> storeDown(Instant tick, Instant end, RecordingIndex history, Said said) {
        List<Heard<WorkerFact.Fired>> fired = history.ofTick(WorkerFact.Fired.class, tick);
        List<Heard<GivenBack.Error>> errors = history.ofTick(GivenBack.Error.class, tick).stream()
                .filter(e -> !e.fact().fallback())
                .toList();
        List<String> lockDown = workers(errors, GivenBack.ErrorReason.LOCK_DOWN);
        List<String> storeDown = workers(errors, GivenBack.ErrorReason.STORE_DOWN);
        // A fencing token that a restarted lock server counted again is never used: the lock was there, the token not.
        List<String> reissued = workers(errors, GivenBack.ErrorReason.TOKEN_REISSUED);
        List<String> skippedForThem = HeldRules.heldSkips(tick, history).stream()
                .filter(e -> storeDown.contains(
                                LockOwner.parse(e.fact().holder()).worker())
                        || reissued.contains(LockOwner.parse(e.fact().holder()).worker()))
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
        Optional<Heard<LabFact.Server>> server = history.launcher(LabFact.Server.class).stream()
                .filter(e -> !e.fact().up() && !e.ts().isAfter(end))
                .reduce((a, b) -> b);
        String stoppedAt = server.map(e -> said.at(e.ts())).orElse(null);
        String name = server.map(e -> e.fact().name()).orElse(null);
        List<String> parts = new ArrayList<>();
        List<String> partsZh = new ArrayList<>();
        if (!lockDown.isEmpty()) {
            parts.add(String.join(", ", lockDown) + " fired and failed closed: their lock's server could not be"
                    + " reached");
            partsZh.add(String.join("、", lockDown) + " 触发后 fail-closed（宁可不跑）：连不上它们的锁服务器");
        }
        if (!reissued.isEmpty()) {
            parts.add(String.join(", ", reissued) + " took the lock and failed closed: its fencing token had been"
                    + " issued before in this session (the lock server's counter went back)");
            partsZh.add(
                    String.join("、", reissued) + " 拿到了锁，但 fail-closed：它的 fencing token 在本次会话里已经发出过" + "（锁服务器的计数器倒退了）");
        }
        if (!storeDown.isEmpty()) {
            parts.add(String.join(", ", storeDown) + " ran it and could not write: the store could not be reached");
            partsZh.add(String.join("、", storeDown) + " 跑了它，但写不进去：连不上存储");
        }
        boolean skips = !skippedForThem.isEmpty();
        return Evidence.of(
                String.join("; ", parts)
                        + (skips
                                ? " (" + String.join(", ", skippedForThem) + " skipped: the lock was held for it)"
                                : "")
                        + (name == null ? "" : "; " + name + " was stopped at " + stoppedAt),
                String.join("；", partsZh)
                        + (skips ? "（" + String.join("、", skippedForThem) + " 跳过了：锁已经有人为这个 tick 拿着）" : "")
                        + (name == null ? "" : "；" + name + " 在 " + stoppedAt + " 被停掉了"));
    }

    private static List<String> workers(List<Heard<GivenBack.Error>> errors, GivenBack.ErrorReason reason) {
        return errors.stream()
                .filter(e -> e.fact().reason() == reason)
                .map(Heard::worker)
                .distinct()
                .sorted()
                .toList();
    }

    /**
     * No worker ran the tick because every fire for it came too late to run: more than half a period after its time,
     * so its scheduler dropped it (Quartz's misfire threshold) or the worker judged it missed. Its process was paused,
     * or the machine starved it of the CPU; the lateness of each says by how much.
     */
    private static Optional<Evidence> lateFire(Instant tick, Instant end, RecordingIndex history, Said said) {
        if (!history.ofTick(WorkerFact.Fired.class, tick).isEmpty()) {
            return Optional.empty();
        }
        List<Heard<WorkerFact.Skipped>> late = history.ofTick(WorkerFact.Skipped.class, tick).stream()
                .filter(e -> e.fact().reason() == WorkerFact.SkipReason.LATE)
                .toList();
        if (late.isEmpty()) {
            return Optional.empty();
        }
        // Each worker with how late it fired, once: "w1 1200 ms".
        List<String> who = late.stream()
                .map(e -> e.worker() + " "
                        + Duration.between(
                                        e.fact().scheduledAt() == null
                                                ? tick
                                                : e.fact().scheduledAt(),
                                        e.ts())
                                .toMillis()
                        + " ms")
                .distinct()
                .toList();
        String whoZh = who.stream().map(w -> w.replaceFirst(" ", " 晚了 ")).collect(Collectors.joining("、"));
        return Evidence.of(
                "no fire came in time to run it: " + String.join(", ", who) + " late, more than half a period (paused,"
                        + " or starved of the CPU); no other worker fired",
                "没有一次触发来得及跑它：" + whoZh + "，超过半个触发间隔（进程被暂停，或者抢不到 CPU）；没有别的 worker 触发");
    }

    private static Optional<Evidence> noWorker(Instant tick, Instant end, RecordingIndex history, Said said) {
        return history.ofTick(WorkerFact.Fired.class, tick).isEmpty()
                ? Evidence.of("no worker fired (all down or paused)", "没有 worker 触发（全部停掉或暂停了）")
                : Optional.empty();
    }
}
